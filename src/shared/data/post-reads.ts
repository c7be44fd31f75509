// Reading posts beyond the feed: one post with all its photos (or its counts alone), the posts of
// a hashtag, and a page of posts from a paging rpc (a hashtag's, a place's).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post, PostImage } from '../domain'
import { TAG_PAGE_SIZE } from '../limits'
import { MESSAGES } from '../messages'
import { failed, failure, type FailureKey } from './failure'
import { boundedPageSize, toPage, type Page, type PageCursor } from './keyset'
import { withStorageUrls } from './storage-urls'

/** A post with its author and every photo; photos are ordered by sortedImages. */
export const POST_SELECT =
  '*, profiles(username, full_name, avatar_url), post_images(position, image_url, thumb_url, width, height, placeholder, alt_text, post_id, video_url, duration_ms, captions_url)'

/** The photos of a post in display order: its carousel, or the post row itself as photo 0. */
export function sortedImages(post: Post): PostImage[] {
  if (post.post_images && post.post_images.length > 0) {
    return [...post.post_images].sort((a, b) => a.position - b.position)
  }
  return [
    {
      post_id: post.id,
      position: 0,
      image_url: post.image_url,
      thumb_url: post.thumb_url ?? null,
      width: post.width ?? null,
      height: post.height ?? null,
      placeholder: post.placeholder ?? null,
      alt_text: post.alt_text ?? null,
      video_url: post.video_url ?? null,
      duration_ms: post.duration_ms ?? null
    }
  ]
}

export function withSortedImages(post: Post): Post {
  return post.post_images ? { ...post, post_images: sortedImages(post) } : post
}

/** One post with its author and photos; a clear message when it does not exist. */
export async function postById(client: SupabaseClient, postId: string): Promise<Post> {
  const { data, error } = await client
    .from('posts')
    .select(POST_SELECT)
    .eq('id', postId)
    .maybeSingle()
  if (error) throw failure('loadPost', error)
  if (!data) throw new Error(MESSAGES.postNotFound)
  return withSortedImages(withStorageUrls(client, data as unknown as Post))
}

/** A post's like and comment counts, nothing else. */
export type PostCounts = Pick<Post, 'id' | 'likes_count' | 'comments_count'>

/** One post's counts alone (a one-row, three-column read); null when it is gone or hidden. */
export async function postCounts(
  client: SupabaseClient,
  postId: string
): Promise<PostCounts | null> {
  const { data, error } = await client
    .from('posts')
    .select('id, likes_count, comments_count')
    .eq('id', postId)
    .maybeSingle()
  if (error) throw failure('loadPost', error)
  return data as PostCounts | null
}

/** A hashtag as the database stores it: without '#', lower-case; null when it is not a tag. */
export function normaliseTag(tag: string): string | null {
  const bare = tag.trim().replace(/^#/, '').toLowerCase()
  return /^[a-z0-9_]{1,100}$/.test(bare) ? bare : null
}

/**
 * A page of posts from a paging rpc (`tag_page`, `place_page`) that takes `page_size` and the
 * last row's `before_created_at`/`before_id`. GET, so the server runs the read in a read-only
 * transaction; `failed` says what could not be loaded.
 */
export async function rpcPostsPage(
  client: SupabaseClient,
  rpc: string,
  args: Record<string, unknown>,
  options: {
    after?: PageCursor | null
    limit?: number
    fallback: number
    failed: FailureKey
    values?: Readonly<Record<string, string>>
  }
): Promise<Page<Post>> {
  const limit = boundedPageSize(options.limit, options.fallback)
  const cursor = options.after
    ? { before_created_at: options.after.created_at, before_id: options.after.id }
    : {}
  const { data, error } = await client
    .rpc(rpc, { ...args, ...cursor, page_size: limit + 1 }, { get: true })
    .select(POST_SELECT)
  if (error) throw failure(options.failed, error, options.values)
  const page = toPage(
    withStorageUrls(client, (data ?? []) as unknown as Post[]),
    limit,
    (post) => ({
      created_at: post.created_at,
      id: post.id
    })
  )
  return { next: page.next, items: page.items.map(withSortedImages) }
}

/** Posts whose caption carries `#tag`, newest first, keyset-paged like the feed. */
export async function tagPage(
  client: SupabaseClient,
  tag: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Post>> {
  const normalised = normaliseTag(tag)
  if (!normalised) throw new Error(failed('notAHashtag', { tag }))
  return rpcPostsPage(
    client,
    'tag_page',
    { tag: normalised },
    {
      ...options,
      fallback: TAG_PAGE_SIZE,
      failed: 'loadHashtag',
      values: { tag: normalised }
    }
  )
}
