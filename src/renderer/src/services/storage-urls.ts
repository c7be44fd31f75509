// Photos stored by a local backend that has since moved to another port still load: every post
// the services return has its image URLs rebased onto the backend in use (see
// rebaseLoopbackStorageUrl).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '@shared/domain'
import { IMAGES_BUCKET } from '@shared/limits'
import { rebaseLoopbackStorageUrl } from '@shared/storage-path'

export function withCurrentStorageOrigin<T extends Pick<Post, 'image_url' | 'thumb_url'>>(
  client: SupabaseClient,
  posts: T[]
): T[] {
  // getPublicUrl builds the URL locally (no request), so it tells us where storage lives now.
  const currentBase = client.storage.from(IMAGES_BUCKET).getPublicUrl('x').data.publicUrl
  return posts.map((post) => ({
    ...post,
    image_url: rebaseLoopbackStorageUrl(post.image_url, currentBase),
    thumb_url: post.thumb_url
      ? rebaseLoopbackStorageUrl(post.thumb_url, currentBase)
      : post.thumb_url
  }))
}
