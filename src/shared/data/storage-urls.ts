// The database stores a photo as its path on the API (`/storage/v1/object/public/images/...`),
// never a host (the baseline migration's Photo paths): every row the data layer returns has its photo URLs
// resolved onto the backend in use, the only host photos load from (see resolveStorageUrl).
// Full loopback URLs stored before, under an earlier port of the desktop backend, move onto the
// current one too.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { IMAGES_BUCKET } from '../limits'
import { resolveStorageUrl } from '../storage-path'

/** Resolves one stored photo URL (post image, thumbnail, avatar) onto the backend `client` uses. */
export function storageUrlRebaser(client: SupabaseClient): (url: string) => string {
  // getPublicUrl builds the URL locally (no request), so it tells us where storage lives now.
  const currentBase = client.storage.from(IMAGES_BUCKET).getPublicUrl('x').data.publicUrl
  return (url) => resolveStorageUrl(url, currentBase)
}

/**
 * `data` (rows, their embeds and JSON columns, at any depth) with every string field whose name
 * ends in `_url` resolved onto the backend `client` uses: image_url, thumb_url, avatar_url,
 * post_image_url and the like, wherever a query or function put them.
 */
export function withStorageUrls<T>(client: SupabaseClient, data: T): T {
  const resolve = storageUrlRebaser(client)
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk)
    if (value === null || typeof value !== 'object') return value
    const copy: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(value)) {
      copy[key] = key.endsWith('_url') && typeof field === 'string' ? resolve(field) : walk(field)
    }
    return copy
  }
  return walk(data) as T
}

/** Posts (with their carousel photos and author) resolved as withStorageUrls does. */
export function withCurrentStorageOrigin<T extends Pick<Post, 'image_url' | 'thumb_url'>>(
  client: SupabaseClient,
  posts: T[]
): T[] {
  return withStorageUrls(client, posts)
}

/** One post resolved as withStorageUrls does. */
export function withCurrentImageOrigin(client: SupabaseClient, post: Post): Post {
  return withStorageUrls(client, post)
}

/** `row` with its avatar_url resolved onto the current backend (null stays null). */
export function withCurrentAvatarOrigin<T extends { avatar_url: string | null }>(
  client: SupabaseClient,
  row: T
): T {
  return withStorageUrls(client, row)
}
