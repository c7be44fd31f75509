// Everything "Download your information" puts in the archive as JSON, read as the signed-in
// user with their own session (so RLS decides, as for every other read): the profile, posts
// with every photo, comments, likes, followers and following, stories still live, and messages
// when the backend has a messages table. Each list is read in pages, oldest first.

import type { SupabaseClient } from '@supabase/supabase-js'
import { failure, type FailureKey } from '../failure'

/** Rows per request: small enough for any PostgREST max-rows setting, big enough to be quick. */
export const EXPORT_PAGE_SIZE = 500

export interface ExportedPhoto {
  position: number
  image_url: string
  alt_text: string | null
  width: number | null
  height: number | null
}

export interface ExportedPost {
  id: string
  caption: string | null
  location: string | null
  created_at: string
  edited_at: string | null
  likes_count: number
  comments_count: number
  post_images: ExportedPhoto[]
}

export interface ExportedStory {
  id: string
  image_url: string
  caption: string | null
  created_at: string
  expires_at: string
}

export interface InformationRecords {
  profile: Record<string, unknown>
  posts: ExportedPost[]
  comments: Record<string, unknown>[]
  likes: Record<string, unknown>[]
  followers: Record<string, unknown>[]
  following: Record<string, unknown>[]
  stories: ExportedStory[]
  /** Null when the backend has no messages table. */
  messages: Record<string, unknown>[] | null
}

type Query = (from: number, to: number) => PromiseLike<{ data: unknown; error: unknown }>

/** Every row of a query, page by page (the query must order on a unique key). */
async function readAll<T>(what: FailureKey, query: Query): Promise<T[]> {
  const rows: T[] = []
  for (let from = 0; ; from += EXPORT_PAGE_SIZE) {
    const { data, error } = await query(from, from + EXPORT_PAGE_SIZE - 1)
    if (error) throw failure(what, error)
    const page = (data ?? []) as T[]
    rows.push(...page)
    if (page.length < EXPORT_PAGE_SIZE) return rows
  }
}

/** PostgREST's "no such table" (PGRST205, or 42P01 from the database itself). */
function isMissingTable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === 'PGRST205' || code === '42P01'
}

/** The messages the user can read, or null where the backend has none to offer. */
async function readMessages(client: SupabaseClient): Promise<Record<string, unknown>[] | null> {
  const probe = await client.from('messages').select('*').limit(1)
  if (probe.error && isMissingTable(probe.error)) return null
  return readAll('readMessages', (from, to) =>
    client.from('messages').select('*').order('created_at').range(from, to)
  )
}

const POST_SELECT =
  'id, caption, location, created_at, edited_at, likes_count, comments_count, ' +
  'post_images(position, image_url, alt_text, width, height)'

export async function readInformationRecords(
  client: SupabaseClient,
  userId: string
): Promise<InformationRecords> {
  const profile = await client
    .from('profiles')
    .select('id, username, full_name, bio, avatar_url, created_at')
    .eq('id', userId)
    .single()
  if (profile.error) throw failure('readProfile', profile.error)

  const posts = await readAll<ExportedPost>('readPosts', (from, to) =>
    client
      .from('posts')
      .select(POST_SELECT)
      .eq('user_id', userId)
      .order('created_at')
      .order('id')
      .range(from, to)
  )
  for (const post of posts) post.post_images.sort((a, b) => a.position - b.position)

  const [comments, likes, followers, following, stories, messages] = await Promise.all([
    readAll<Record<string, unknown>>('readComments', (from, to) =>
      client
        .from('comments')
        .select('id, post_id, parent_id, body, created_at')
        .eq('user_id', userId)
        .order('created_at')
        .order('id')
        .range(from, to)
    ),
    readAll<Record<string, unknown>>('readLikes', (from, to) =>
      client
        .from('likes')
        .select('post_id, created_at')
        .eq('user_id', userId)
        .order('created_at')
        .order('id')
        .range(from, to)
    ),
    readAll<Record<string, unknown>>('readFollowers', (from, to) =>
      client
        .from('follows')
        .select('created_at, person:profiles!follows_follower_id_fkey(username)')
        .eq('following_id', userId)
        .order('created_at')
        .order('follower_id')
        .range(from, to)
    ),
    readAll<Record<string, unknown>>('readFollowing', (from, to) =>
      client
        .from('follows')
        .select('created_at, person:profiles!follows_following_id_fkey(username)')
        .eq('follower_id', userId)
        .order('created_at')
        .order('following_id')
        .range(from, to)
    ),
    readAll<ExportedStory>('readStories', (from, to) =>
      client
        .from('stories')
        .select('id, image_url, caption, created_at, expires_at')
        .eq('user_id', userId)
        .gt('expires_at', new Date().toISOString())
        .order('created_at')
        .order('id')
        .range(from, to)
    ),
    readMessages(client)
  ])

  return {
    profile: profile.data as Record<string, unknown>,
    posts,
    comments,
    likes,
    followers,
    following,
    stories,
    messages
  }
}
