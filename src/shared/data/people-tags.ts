// People tags on photos (docs/product.md, "People tags and caption suggestions"): the author tags people at points of
// a new post's photos; the tagged person approves a pending tag or removes it; the profile's
// Tagged tab pages through the posts someone is tagged in. Who may do and see what is the
// database's (the baseline migration's Posts, photos and tags); the limit is checked here
// first in the same words.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { PeopleTag, Post } from '../domain'
import { MAX_PEOPLE_TAGS, PROFILE_GRID_PAGE_SIZE } from '../limits'
import { MESSAGES } from '../messages'
import { failure } from './failure'
import { boundedPageSize, toPage, type Page, type PageCursor } from './keyset'
import { POST_SELECT } from './post-reads'
import { withCurrentStorageOrigin, withStorageUrls } from './storage-urls'

/** A tag as the author places it: the photo's position and the point (fractions, 0..1). */
export interface NewPeopleTag {
  position: number
  userId: string
  x: number
  y: number
}

const TAG_SELECT = 'post_id, position, user_id, x, y, status, created_at, profiles(username)'

/** How many different people `tags` name: the limit counts people, not photos. */
export function taggedPeopleCount(tags: readonly Pick<NewPeopleTag, 'userId'>[]): number {
  return new Set(tags.map((tag) => tag.userId)).size
}

/** The reason `tags` cannot be added to one post, or null when they can. */
export function peopleTagsProblem(tags: readonly Pick<NewPeopleTag, 'userId'>[]): string | null {
  return taggedPeopleCount(tags) > MAX_PEOPLE_TAGS ? MESSAGES.tooManyPeopleTags : null
}

/** A point kept inside the photo, rounded to what a tag needs. */
export function clampTagPoint(value: number): number {
  if (!Number.isFinite(value)) return 0.5
  return Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000
}

/**
 * Tags people on the author's new post, all in one statement: every tag is made or none is.
 * Refused before any request when they name more than MAX_PEOPLE_TAGS people.
 */
export async function addPeopleTags(
  client: SupabaseClient,
  postId: string,
  tags: readonly NewPeopleTag[]
): Promise<void> {
  if (tags.length === 0) return
  const problem = peopleTagsProblem(tags)
  if (problem) throw new Error(problem)
  const { error } = await client.from('post_people_tags').insert(
    tags.map((tag) => ({
      post_id: postId,
      position: tag.position,
      user_id: tag.userId,
      x: clampTagPoint(tag.x),
      y: clampTagPoint(tag.y)
    }))
  )
  if (error) throw failure('savePeopleTags', error)
}

/** The tags the caller may see on `postIds`, grouped by post, in photo order. */
export async function fetchPeopleTags(
  client: SupabaseClient,
  postIds: readonly string[]
): Promise<Map<string, PeopleTag[]>> {
  const byPost = new Map<string, PeopleTag[]>()
  if (postIds.length === 0) return byPost
  const { data, error } = await client
    .from('post_people_tags')
    .select(TAG_SELECT)
    .in('post_id', [...new Set(postIds)])
    .order('position')
    .order('created_at')
  if (error) throw failure('loadTagged', error)
  for (const tag of withStorageUrls(client, (data ?? []) as unknown as PeopleTag[])) {
    const list = byPost.get(tag.post_id) ?? []
    list.push(tag)
    byPost.set(tag.post_id, list)
  }
  return byPost
}

/** The tagged person approves their pending tags on a post (every photo of it). */
export async function approvePeopleTag(
  client: SupabaseClient,
  postId: string,
  userId: string
): Promise<void> {
  const { error } = await client
    .from('post_people_tags')
    .update({ status: 'approved' })
    .eq('post_id', postId)
    .eq('user_id', userId)
  if (error) throw failure('approveTag', error)
}

/** Removes `userId`'s tags from a post: the tagged person themselves, or the post's author. */
export async function removePeopleTag(
  client: SupabaseClient,
  postId: string,
  userId: string
): Promise<void> {
  const { error } = await client
    .from('post_people_tags')
    .delete()
    .eq('post_id', postId)
    .eq('user_id', userId)
  if (error) throw failure('removeTag', error)
}

/** "Manually approve tags": new tags of `userId` wait for their approval while it is on. */
export async function setManualTagApproval(
  client: SupabaseClient,
  userId: string,
  on: boolean
): Promise<void> {
  const { error } = await client
    .from('profiles')
    .update({ manually_approve_tags: on })
    .eq('id', userId)
  if (error) throw failure('changeTagApproval', error)
}

/** One page of the posts `userId` is tagged in (approved), newest first: the Tagged tab. */
export async function fetchTaggedPosts(
  client: SupabaseClient,
  userId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Post>> {
  const limit = boundedPageSize(options.limit, PROFILE_GRID_PAGE_SIZE)
  const { data, error } = await client
    .rpc('tagged_page', {
      person: userId,
      before_created_at: options.after?.created_at ?? null,
      before_id: options.after?.id ?? null,
      page_size: limit + 1
    })
    .select(POST_SELECT)
  if (error) throw failure('loadTaggedPosts', error)
  const page = toPage((data ?? []) as unknown as Post[], limit, (post) => ({
    created_at: post.created_at,
    id: post.id
  }))
  return { next: page.next, items: withCurrentStorageOrigin(client, page.items) }
}

/** A hashtag that starts with what was typed, and how many posts carry it. */
export interface HashtagSuggestion {
  tag: string
  posts: number
}

/** Hashtags starting with `prefix` (without the #), the most used first. */
export async function searchHashtags(
  client: SupabaseClient,
  prefix: string,
  limit = 8
): Promise<HashtagSuggestion[]> {
  const wanted = prefix.trim().toLowerCase()
  if (!/^[a-z0-9_]{1,100}$/.test(wanted)) return []
  const { data, error } = await client.rpc(
    'search_hashtags',
    { prefix: wanted, max_rows: limit },
    { get: true }
  )
  if (error) throw failure('searchHashtags', error)
  return ((data ?? []) as { tag: string; posts: number | string }[]).map((row) => ({
    tag: row.tag,
    posts: Number(row.posts)
  }))
}
