// A post's photo URLs moved onto the storage in use now (see rebaseLoopbackStorageUrl): the
// local backend may have restarted on another port since the post was made.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '@shared/domain'
import { IMAGES_BUCKET } from '@shared/limits'
import { rebaseLoopbackStorageUrl } from '@shared/storage-path'

export function withCurrentImageOrigin(client: SupabaseClient, post: Post): Post {
  // getPublicUrl builds the URL locally (no request), so it tells us where storage lives now.
  const base = client.storage.from(IMAGES_BUCKET).getPublicUrl('x').data.publicUrl
  const rebase = (url: string | null | undefined): string | null =>
    url ? rebaseLoopbackStorageUrl(url, base) : null
  return {
    ...post,
    image_url: rebase(post.image_url) ?? post.image_url,
    thumb_url: rebase(post.thumb_url),
    post_images: post.post_images?.map((image) => ({
      ...image,
      image_url: rebase(image.image_url) ?? image.image_url,
      thumb_url: rebase(image.thumb_url)
    }))
  }
}
