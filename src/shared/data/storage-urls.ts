// Images stored by a local backend that has since moved to another port still load: URLs read
// from the database are rebased onto the backend in use (see rebaseLoopbackStorageUrl).

import type { SupabaseClient } from '@supabase/supabase-js'
import { IMAGES_BUCKET } from '../limits'
import { rebaseLoopbackStorageUrl } from '../storage-path'

/** Where public storage lives now: getPublicUrl builds the URL locally, without a request. */
export function currentStorageBase(client: SupabaseClient): string {
  return client.storage.from(IMAGES_BUCKET).getPublicUrl('x').data.publicUrl
}

/** `row` with its avatar_url rebased onto the current backend (null stays null). */
export function withCurrentAvatarOrigin<T extends { avatar_url: string | null }>(
  client: SupabaseClient,
  row: T
): T {
  if (!row.avatar_url) return row
  return {
    ...row,
    avatar_url: rebaseLoopbackStorageUrl(row.avatar_url, currentStorageBase(client))
  }
}
