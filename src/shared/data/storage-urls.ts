// Photos stored by a local backend that has since moved to another port still load: every row
// the data layer returns has its storage URLs rebased onto the backend in use (see
// rebaseLoopbackStorageUrl).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '../domain'
import { IMAGES_BUCKET } from '../limits'
import { rebaseLoopbackStorageUrl } from '../storage-path'

/** Rebases one storage URL (post image, thumbnail, avatar) onto the backend `client` uses. */
export function storageUrlRebaser(client: SupabaseClient): (url: string) => string {
  // getPublicUrl builds the URL locally (no request), so it tells us where storage lives now.
  const currentBase = client.storage.from(IMAGES_BUCKET).getPublicUrl('x').data.publicUrl
  return (url) => rebaseLoopbackStorageUrl(url, currentBase)
}

type WithImages = Pick<Post, 'image_url' | 'thumb_url' | 'post_images'>

export function withCurrentStorageOrigin<T extends Pick<Post, 'image_url' | 'thumb_url'>>(
  client: SupabaseClient,
  posts: T[]
): T[] {
  const rebase = storageUrlRebaser(client)
  return posts.map((post) => {
    const images = (post as WithImages).post_images
    return {
      ...post,
      image_url: rebase(post.image_url),
      thumb_url: post.thumb_url ? rebase(post.thumb_url) : post.thumb_url,
      // A carousel's photos move with it.
      ...(images && {
        post_images: images.map((image) => ({
          ...image,
          image_url: rebase(image.image_url),
          thumb_url: image.thumb_url ? rebase(image.thumb_url) : image.thumb_url
        }))
      })
    }
  })
}

/** One post (with its carousel photos) rebased as withCurrentStorageOrigin does. */
export function withCurrentImageOrigin(client: SupabaseClient, post: Post): Post {
  return withCurrentStorageOrigin(client, [post])[0]
}

/** `row` with its avatar_url rebased onto the current backend (null stays null). */
export function withCurrentAvatarOrigin<T extends { avatar_url: string | null }>(
  client: SupabaseClient,
  row: T
): T {
  if (!row.avatar_url) return row
  return { ...row, avatar_url: storageUrlRebaser(client)(row.avatar_url) }
}
