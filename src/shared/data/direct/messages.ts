// Messages: a thread's history (keyset pages, newest first, and the newer ones again after a
// cursor), sending every kind of message exactly once (the id is chosen before the first attempt,
// so a retry after a lost answer finds the message instead of making a second), photos through
// the one upload pipeline, unsending and hearts. Who may read or write is the database's decision.

import type { SupabaseClient } from '@supabase/supabase-js'
import { messageOr } from '../../errors'
import { checkImage, IMAGE_EXTENSION_BY_TYPE } from '../../image'
import { failed } from '../failure'
import { checkRowId, isUniqueViolation } from '../idempotent'
import { afterCursorFilter, toPage, type Page, type PageCursor } from '../keyset'
import { checkRenditions, type PhotoRenditions } from '../renditions'
import { withStorageUrls } from '../storage-urls'
import { uploadThenWrite } from '../upload-pipeline'
import {
  DIRECT_MESSAGES,
  DIRECT_PAGE_SIZE,
  MAX_DIRECT_TEXT_LENGTH,
  type DirectDraft,
  type DirectMessage
} from './types'

export const DIRECT_MESSAGE_SELECT =
  '*, post:posts(id, image_url, thumb_url, caption, profiles(username, avatar_url)),' +
  ' story:stories(id, user_id, image_url, thumb_url), hearts:direct_reactions(user_id)'

type MessageRow = Omit<DirectMessage, 'hearts'> & { hearts: { user_id: string }[] | null }

/** A row as PostgREST answers it, with hearts as ids and storage URLs on the current origin. */
export function toDirectMessage(client: SupabaseClient, row: MessageRow): DirectMessage {
  const resolved = withStorageUrls(client, row)
  return { ...resolved, hearts: (resolved.hearts ?? []).map((heart) => heart.user_id) }
}

/** One page of a thread's history, newest first; pass the page's `next` for older ones. */
export async function fetchHistory(
  client: SupabaseClient,
  threadId: string,
  cursor: PageCursor | null = null,
  pageSize = DIRECT_PAGE_SIZE
): Promise<Page<DirectMessage>> {
  let query = client.from('direct_messages').select(DIRECT_MESSAGE_SELECT).eq('thread_id', threadId)
  if (cursor) query = query.or(afterCursorFilter(cursor, 'newest'))
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(pageSize + 1)
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
  const rows = ((data ?? []) as unknown as MessageRow[]).map((row) => toDirectMessage(client, row))
  return toPage(rows, pageSize, (row) => ({ created_at: row.created_at, id: row.id }))
}

/**
 * The page of history just after `cursor`, oldest first: what an open thread reads again below
 * its window after it dropped newer pages. `next` is this page's last message while newer
 * history remains.
 */
export async function fetchNewerHistory(
  client: SupabaseClient,
  threadId: string,
  cursor: PageCursor,
  pageSize = DIRECT_PAGE_SIZE
): Promise<Page<DirectMessage>> {
  const { data, error } = await client
    .from('direct_messages')
    .select(DIRECT_MESSAGE_SELECT)
    .eq('thread_id', threadId)
    .or(afterCursorFilter(cursor, 'oldest'))
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(pageSize + 1)
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
  const rows = ((data ?? []) as unknown as MessageRow[]).map((row) => toDirectMessage(client, row))
  return toPage(rows, pageSize, (row) => ({ created_at: row.created_at, id: row.id }))
}

/** One message by id as the reader may see it; null when it is not (or no longer) there. */
export async function fetchMessage(
  client: SupabaseClient,
  id: string
): Promise<DirectMessage | null> {
  const { data, error } = await client
    .from('direct_messages')
    .select(DIRECT_MESSAGE_SELECT)
    .eq('id', id)
    .maybeSingle()
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
  return data ? toDirectMessage(client, data as unknown as MessageRow) : null
}

/** The text checked as the database checks it: trimmed, 1 to 1,000 characters when required. */
export function checkDirectText(body: string | undefined, required: boolean): string | null {
  const text = (body ?? '').trim()
  if (!text) {
    if (required) throw new Error(DIRECT_MESSAGES.empty)
    return null
  }
  if (text.length > MAX_DIRECT_TEXT_LENGTH) throw new Error(DIRECT_MESSAGES.tooLong)
  return text
}

function draftColumns(draft: DirectDraft): Record<string, unknown> {
  switch (draft.kind) {
    case 'text':
      return { kind: 'text', body: checkDirectText(draft.body, true) }
    case 'post':
      return { kind: 'post', post_id: draft.postId, body: checkDirectText(draft.body, false) }
    case 'story_reply':
      return {
        kind: 'story_reply',
        story_id: draft.storyId,
        body: checkDirectText(draft.body, true)
      }
    case 'story_reaction':
      return { kind: 'story_reaction', story_id: draft.storyId, body: draft.body }
  }
}

export interface OutgoingMessage {
  /** Chosen once, before the first attempt; every retry passes the same. */
  id: string
  threadId: string
  senderId: string
}

/** Finishes an insert: a unique violation is an earlier attempt of this send when the row is ours. */
async function settle(
  client: SupabaseClient,
  outgoing: OutgoingMessage,
  result: { data: unknown; error: unknown }
): Promise<DirectMessage> {
  if (isUniqueViolation(result.error)) {
    const existing = await fetchMessage(client, outgoing.id)
    if (existing && existing.sender_id === outgoing.senderId) return existing
  }
  if (result.error || !result.data)
    throw new Error(messageOr(result.error, DIRECT_MESSAGES.sendFailed))
  return toDirectMessage(client, result.data as unknown as MessageRow)
}

/** Sends a text, a shared post, a story reply or a story reaction, exactly once per id. */
export async function sendMessage(
  client: SupabaseClient,
  outgoing: OutgoingMessage,
  draft: DirectDraft
): Promise<DirectMessage> {
  const row = {
    id: checkRowId(outgoing.id),
    thread_id: outgoing.threadId,
    sender_id: outgoing.senderId,
    ...draftColumns(draft)
  }
  let result: { data: unknown; error: unknown }
  try {
    result = await client.from('direct_messages').insert(row).select(DIRECT_MESSAGE_SELECT).single()
  } catch (error) {
    result = { data: null, error }
  }
  return settle(client, outgoing, result)
}

export interface DirectPhoto {
  bytes: Uint8Array
  declaredType: string
  renditions: PhotoRenditions
}

/**
 * Sends a photo: checked as a post's photo is, uploaded with its thumbnail under
 * direct/{sender}/{message id} (so a retry finds its objects), then the message row; a refused
 * row removes the uploads again.
 */
export async function sendPhoto(
  client: SupabaseClient,
  outgoing: OutgoingMessage,
  photo: DirectPhoto
): Promise<DirectMessage> {
  const check = checkImage(photo.bytes, photo.declaredType, 'selected')
  if (!check.ok) throw new Error(check.message)
  const thumbType = checkRenditions(photo.renditions)
  const id = checkRowId(outgoing.id)
  const base = `direct/${outgoing.senderId}/${id}`
  return uploadThenWrite<DirectMessage>(client, {
    uploads: [
      {
        path: `${base}.${IMAGE_EXTENSION_BY_TYPE[check.type]}`,
        bytes: photo.bytes,
        type: check.type
      },
      {
        path: `${base}-thumb.${IMAGE_EXTENSION_BY_TYPE[thumbType]}`,
        bytes: photo.renditions.thumbnailBytes,
        type: thumbType
      }
    ],
    retryable: true,
    failureMessage: (reason) => failed('sendMessageBecause', { reason }),
    findExisting: async () => {
      const existing = await fetchMessage(client, id)
      return existing && existing.sender_id === outgoing.senderId ? existing : null
    },
    write: async ([imageUrl, thumbUrl]) => {
      const { data, error } = await client
        .from('direct_messages')
        .insert({
          id,
          thread_id: outgoing.threadId,
          sender_id: outgoing.senderId,
          kind: 'photo',
          image_url: imageUrl,
          thumb_url: thumbUrl,
          width: photo.renditions.width,
          height: photo.renditions.height,
          placeholder: photo.renditions.placeholder
        })
        .select(DIRECT_MESSAGE_SELECT)
        .single()
      return { data: data ? toDirectMessage(client, data as unknown as MessageRow) : null, error }
    }
  })
}

/** Unsends the reader's own message: it disappears for everyone in the thread. */
export async function unsendMessage(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('direct_messages').delete().eq('id', id)
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.sendFailed))
}

/** Hearts a message, or takes the heart back; repeating either changes nothing. */
export async function setHeart(
  client: SupabaseClient,
  messageId: string,
  userId: string,
  hearted: boolean
): Promise<void> {
  const { error } = hearted
    ? await client
        .from('direct_reactions')
        .upsert({ message_id: messageId, user_id: userId }, { ignoreDuplicates: true })
    : await client
        .from('direct_reactions')
        .delete()
        .eq('message_id', messageId)
        .eq('user_id', userId)
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.sendFailed))
}
