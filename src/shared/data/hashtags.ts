// Hashtags a reader follows and a hashtag page's header and top posts (docs/product.md, "Likes,
// saved, tags and suggestions"). followed_tags rows are the reader's own (RLS); tag_summary and
// tag_top_posts read posts under the posts policy. The page's recent posts are tagPage
// (post-reads.ts).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { TAG_TOP_POSTS } from '../limits'
import { failed, failure } from './failure'
import { normaliseTag, POST_SELECT, withSortedImages } from './post-reads'
import { withStorageUrls } from './storage-urls'

const UNIQUE_VIOLATION = '23505'

/** A hashtag page's header: how many posts the reader can see with it, and whether they follow it. */
export interface TagSummary {
  tag: string
  posts: number
  following: boolean
}

function tagOrThrow(tag: string): string {
  const normalised = normaliseTag(tag)
  if (!normalised) throw new Error(failed('notAHashtag', { tag }))
  return normalised
}

export async function tagSummary(client: SupabaseClient, tag: string): Promise<TagSummary> {
  const wanted = tagOrThrow(tag)
  const { data, error } = await client.rpc('tag_summary', { tag: wanted }, { get: true })
  if (error) throw failure('loadHashtag', error, { tag: wanted })
  const row = ((data ?? []) as { tag: string; posts: number | string; following: boolean }[])[0]
  return { tag: wanted, posts: Number(row?.posts ?? 0), following: row?.following === true }
}

/** The tag's most engaged recent posts (the database ranks them as Explore does). */
export async function tagTopPosts(
  client: SupabaseClient,
  tag: string,
  limit = TAG_TOP_POSTS
): Promise<Post[]> {
  const wanted = tagOrThrow(tag)
  const { data, error } = await client
    .rpc('tag_top_posts', { tag: wanted, page_size: limit }, { get: true })
    .select(POST_SELECT)
  if (error) throw failure('loadHashtagTop', error, { tag: wanted })
  return withStorageUrls(client, (data ?? []) as unknown as Post[]).map(withSortedImages)
}

/** The signed-in reader's followed hashtags, most recently followed first. */
export async function followedTags(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client
    .from('followed_tags')
    .select('tag')
    .order('created_at', { ascending: false })
    .order('tag')
  if (error) throw failure('loadFollowedHashtags', error)
  return ((data ?? []) as { tag: string }[]).map((row) => row.tag)
}

/** Follows or unfollows `tag`; following one already followed is not an error. */
export async function setTagFollowed(
  client: SupabaseClient,
  tag: string,
  follow: boolean
): Promise<void> {
  const wanted = tagOrThrow(tag)
  if (follow) {
    const { error } = await client.from('followed_tags').insert({ tag: wanted })
    if (error && error.code !== UNIQUE_VIOLATION)
      throw failure('followHashtag', error, { tag: wanted })
  } else {
    const { error } = await client.from('followed_tags').delete().eq('tag', wanted)
    if (error) throw failure('unfollowHashtag', error, { tag: wanted })
  }
}
