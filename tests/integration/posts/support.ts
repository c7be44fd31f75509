// Shared by the posts suites: a backend per database kind, signed-in users through the real
// supabase-js client, small real images, and what is actually in storage.

import type { SupabaseClient } from '@supabase/supabase-js'
import { encodePng } from '../../../scripts/lib/png'
import type { Database } from '../../../src/backend/db/database'
import type { Post } from '../../../src/shared/domain'
import { createPost, type PostPhoto } from '../../../src/shared/data/post-create'
import { signUpAndIn, type Harness } from '../../support/backend-harness'

export const png = (rgb: [number, number, number], side = 8): Uint8Array =>
  new Uint8Array(encodePng(side, side, () => rgb))

/** A photo as the renderer's pipeline hands it over: feed image, thumbnail and layout hints. */
export function photo(seed: number, altText?: string): PostPhoto {
  return {
    bytes: png([seed % 256, 40, 90]),
    declaredType: 'image/png',
    altText,
    renditions: {
      thumbnailBytes: png([10, seed % 256, 90], 4),
      thumbnailType: 'image/png',
      width: 8,
      height: 8,
      placeholder: 'k/cFBwAod4h3h3eHeIeHh3d4h4B4'
    }
  }
}

export interface User {
  client: SupabaseClient
  userId: string
  username: string
}

export async function signedIn(harness: Harness, name: string): Promise<User> {
  const { client, userId, username } = await signUpAndIn(harness, name)
  return { client, userId, username }
}

export async function postPhotos(user: User, count: number, caption = ''): Promise<Post> {
  return createPost(user.client, {
    userId: user.userId,
    caption,
    photos: Array.from({ length: count }, (_, i) => photo(i + 1, `photo ${i + 1}`))
  })
}

/** Object names stored under a user's posts folder, read as the database owner. */
export async function storedObjects(db: Database, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select name from storage.objects where name like $1 order by name',
    [`posts/${userId}/%`]
  )
  return rows.map((row) => row.name)
}

/** The same folder as the owner sees it through the storage API's list. */
export async function listedObjects(user: User): Promise<string[]> {
  const { data, error } = await user.client.storage
    .from('images')
    .list(`posts/${user.userId}`, { limit: 1000 })
  if (error) throw error
  return (data ?? []).map((object) => object.name).sort()
}
