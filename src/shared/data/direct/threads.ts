// Threads: start (or find) one, the inbox and Requests pages, the unread badge count, accepting
// or deleting a request, leaving, marking read and naming a group. Who sees and changes what is
// the database's decision (row-level security); these functions only ask.

import type { SupabaseClient } from '@supabase/supabase-js'
import { messageOr } from '../../errors'
import { storageUrlRebaser } from '../storage-urls'
import { checkRowId } from '../idempotent'
import { DIRECT_MESSAGES, type DirectFolder, type DirectThread } from './types'

const INBOX_PAGE_SIZE = 30

/**
 * The thread with `recipientIds` (the one-to-one thread when there is one recipient and no
 * name, found again if it exists). `threadId`, chosen by the caller, makes a retry find the
 * thread its first attempt made.
 */
export async function startThread(
  client: SupabaseClient,
  recipientIds: string[],
  options: { name?: string; threadId?: string } = {}
): Promise<string> {
  const { data, error } = await client.rpc('start_direct_thread', {
    recipient_ids: recipientIds,
    thread_name: options.name?.trim() || null,
    new_thread_id: options.threadId ? checkRowId(options.threadId) : null
  })
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.sendFailed))
  return String(data)
}

/** One page of the inbox or of Requests, newest first; `before` is the last row's time. */
export async function fetchThreads(
  client: SupabaseClient,
  folder: DirectFolder,
  before: string | null = null,
  pageSize = INBOX_PAGE_SIZE
): Promise<{ threads: DirectThread[]; next: string | null }> {
  const { data, error } = await client.rpc('direct_inbox', {
    folder,
    before,
    page_size: pageSize
  })
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
  const rebase = storageUrlRebaser(client)
  const threads = ((data ?? []) as DirectThread[]).map((thread) => ({
    ...thread,
    people: thread.people.map((person) => ({
      ...person,
      avatar_url: person.avatar_url && rebase(person.avatar_url)
    }))
  }))
  const last = threads[threads.length - 1]
  return { threads, next: threads.length === pageSize && last ? last.last_message_at : null }
}

/** How many accepted threads have something unread (the paper-plane badge). */
export async function countUnreadThreads(client: SupabaseClient): Promise<number> {
  const { data, error } = await client.rpc('direct_unread_count')
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
  return Number(data ?? 0)
}

async function updateOwnState(
  client: SupabaseClient,
  threadId: string,
  userId: string,
  change: Record<string, string>
): Promise<void> {
  const { error } = await client
    .from('direct_participants')
    .update(change)
    .eq('thread_id', threadId)
    .eq('user_id', userId)
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
}

/** Moves a request into the inbox; from then on the reader can answer it. */
export function acceptRequest(client: SupabaseClient, threadId: string, userId: string) {
  return updateOwnState(client, threadId, userId, { state: 'accepted' })
}

/** Deletes a request or leaves a thread: it disappears for the reader (a new 1:1 message brings it back). */
export function leaveThread(client: SupabaseClient, threadId: string, userId: string) {
  return updateOwnState(client, threadId, userId, { left_at: new Date().toISOString() })
}

/** Marks everything up to now read (the database never lets the mark move back or ahead). */
export function markThreadRead(client: SupabaseClient, threadId: string, userId: string) {
  return updateOwnState(client, threadId, userId, { last_read_at: new Date().toISOString() })
}

/** Names a group (1 to 64 characters). */
export async function renameGroup(
  client: SupabaseClient,
  threadId: string,
  name: string
): Promise<void> {
  const { error } = await client
    .from('direct_threads')
    .update({ name: name.trim() })
    .eq('id', threadId)
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
}

/** Adds people to a group the reader is in (never past 32). */
export async function addToGroup(
  client: SupabaseClient,
  threadId: string,
  userIds: string[]
): Promise<void> {
  const { error } = await client.rpc('add_direct_participants', {
    thread: threadId,
    user_ids: userIds
  })
  if (error) throw new Error(messageOr(error, DIRECT_MESSAGES.loadFailed))
}
