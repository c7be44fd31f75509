// The signed-in person's content controls (the baseline
// migration's Content controls): their word lists, their switches and their close friends, all private to them by RLS,
// and an author's per-post switches. Every function acts as the signed-in user only.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { PersonSummary } from '../domain'
import { failed, failure, FAILURE_REASONS } from './failure'
import { withStorageUrls } from './storage-urls'

export type WordKind = 'mute' | 'hide_comments'

export interface ContentSettings {
  show_sensitive_media: boolean
  hide_like_counts: boolean
  hide_offensive_comments: boolean
}

export const DEFAULT_CONTENT_SETTINGS: ContentSettings = {
  show_sensitive_media: false,
  hide_like_counts: false,
  hide_offensive_comments: false
}

export interface MyControls {
  words: Record<WordKind, string[]>
  settings: ContentSettings
}

export type CloseFriend = Pick<PersonSummary, 'id' | 'username' | 'full_name' | 'avatar_url'>

/** What the author may switch on one of their posts. */
export interface PostControls {
  is_sensitive?: boolean
  sensitive_reason?: string | null
  comments_disabled?: boolean
  hide_like_count?: boolean
}

const UNIQUE_VIOLATION = '23505'

export async function fetchMyControls(client: SupabaseClient): Promise<MyControls> {
  const [words, settings] = await Promise.all([
    client.from('word_filters').select('kind, word').order('created_at'),
    client
      .from('content_settings')
      .select('show_sensitive_media, hide_like_counts, hide_offensive_comments')
      .maybeSingle()
  ])
  if (words.error) throw failure('loadMutedWords', words.error)
  if (settings.error) throw failure('loadSettings', settings.error)
  const lists: Record<WordKind, string[]> = { mute: [], hide_comments: [] }
  for (const row of words.data as { kind: WordKind; word: string }[]) lists[row.kind].push(row.word)
  return {
    words: lists,
    settings: (settings.data as ContentSettings | null) ?? DEFAULT_CONTENT_SETTINGS
  }
}

/** Adds a word (already normalised); adding one already listed is not an error. */
export async function addWord(client: SupabaseClient, kind: WordKind, word: string): Promise<void> {
  const { error } = await client.from('word_filters').insert({ kind, word })
  if (error && error.code !== UNIQUE_VIOLATION) throw failure('addWord', error)
}

export async function removeWord(
  client: SupabaseClient,
  kind: WordKind,
  word: string
): Promise<void> {
  const { error } = await client.from('word_filters').delete().eq('kind', kind).eq('word', word)
  if (error) throw failure('removeWord', error)
}

/**
 * Saves the switches: an update of the person's row, or its insert the first time. Not an upsert:
 * PostgREST's sets every column it was given on conflict, user_id included, and a person may
 * update only the switches of their row (column grants), so an upsert is refused as a whole. Two
 * first saves at once: the second insert meets the first row and updates it instead.
 */
export async function saveContentSettings(
  client: SupabaseClient,
  userId: string,
  settings: ContentSettings
): Promise<void> {
  const update = async (): Promise<boolean> => {
    const { data, error } = await client
      .from('content_settings')
      .update({ ...settings, updated_at: new Date().toISOString() })
      .eq('user_id', userId)
      .select('user_id')
    if (error) throw failure('saveSettings', error)
    return data.length > 0
  }
  if (await update()) return
  const { error } = await client.from('content_settings').insert({ user_id: userId, ...settings })
  if (!error) return
  if (error.code === UNIQUE_VIOLATION && (await update())) return
  throw failure('saveSettings', error)
}

export async function fetchCloseFriends(client: SupabaseClient): Promise<CloseFriend[]> {
  const { data, error } = await client
    .from('close_friends')
    .select('friend:profiles!close_friends_friend_id_fkey(id, username, full_name, avatar_url)')
    .order('created_at')
  if (error) throw failure('loadCloseFriends', error)
  return withStorageUrls(client, data as unknown as { friend: CloseFriend }[]).map(
    (row) => row.friend
  )
}

export async function addCloseFriend(client: SupabaseClient, friendId: string): Promise<void> {
  const { error } = await client.from('close_friends').insert({ friend_id: friendId })
  if (error && error.code !== UNIQUE_VIOLATION) throw failure('addCloseFriend', error)
}

export async function removeCloseFriend(client: SupabaseClient, friendId: string): Promise<void> {
  const { error } = await client.from('close_friends').delete().eq('friend_id', friendId)
  if (error) throw failure('removeCloseFriend', error)
}

/** Changes the author's switches on their own post (RLS refuses anyone else's). */
export async function setPostControls(
  client: SupabaseClient,
  postId: string,
  controls: PostControls
): Promise<void> {
  const { data, error } = await client.from('posts').update(controls).eq('id', postId).select('id')
  if (error) throw failure('changePost', error)
  if (!data || data.length === 0)
    throw new Error(failed('changePost', { reason: FAILURE_REASONS.notYours }))
}
