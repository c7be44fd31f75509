// Edit your own profile and change your avatar (the app loads this when first used; reading
// profiles is profiles.ts). The database enforces every rule checked here (username format and
// uniqueness, bio length, avatar URL inside the owner's folder); checking first gives a clear
// message without a round trip, and the database's refusal is translated to the same message
// when a race wins.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Profile } from '../domain'
import { checkImage, IMAGE_EXTENSION_BY_TYPE, readImageDimensions } from '../image'
import { AVATAR_SIZE, IMAGES_BUCKET, MAX_BIO_LENGTH, USERNAME_PATTERN } from '../limits'
import { objectPathFromPublicUrl } from '../storage-path'
import { failed, failure, FAILURE_REASONS } from './failure'
import { withCurrentAvatarOrigin } from './storage-urls'
import { uploadThenWrite } from './upload-pipeline'
import { normaliseUsername, PROFILE_COLUMNS, PROFILE_MESSAGES } from './profiles'

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

/**
 * Why `username` cannot be `userId`'s, or null when it can: the format rule, then whether
 * someone else has it. For the edit form, before saving; the unique index still decides a race.
 */
export async function usernameProblem(
  client: SupabaseClient,
  userId: string,
  username: string
): Promise<string | null> {
  const wanted = normaliseUsername(username)
  if (!USERNAME_PATTERN.test(wanted)) return PROFILE_MESSAGES.usernameFormat
  const { data, error } = await client
    .from('profiles')
    .select('id')
    .eq('username', wanted)
    .neq('id', userId)
    .limit(1)
  if (error) return null
  return (data ?? []).length > 0 ? PROFILE_MESSAGES.usernameTaken : null
}

export interface ProfileChanges {
  username?: string
  fullName?: string
  bio?: string
}

/** Saves the given fields of the signed-in user's profile and returns the saved row. */
export async function updateProfile(
  client: SupabaseClient,
  userId: string,
  changes: ProfileChanges
): Promise<Profile> {
  const row: Record<string, string | null> = {}
  if (changes.username !== undefined) {
    row.username = normaliseUsername(changes.username)
    if (!USERNAME_PATTERN.test(row.username)) throw new Error(PROFILE_MESSAGES.usernameFormat)
  }
  if (changes.fullName !== undefined) row.full_name = changes.fullName.trim() || null
  if (changes.bio !== undefined) {
    const bio = changes.bio.trim()
    if (bio.length > MAX_BIO_LENGTH) throw new Error(PROFILE_MESSAGES.bioTooLong)
    row.bio = bio || null
  }
  return saveProfileRow(client, userId, row)
}

async function saveProfileRow(
  client: SupabaseClient,
  userId: string,
  row: Record<string, string | null>
): Promise<Profile> {
  const { data, error } = await client
    .from('profiles')
    .update(row)
    .eq('id', userId)
    .select(PROFILE_COLUMNS)
    .maybeSingle()
  if (error) {
    if (error.code === UNIQUE_VIOLATION) throw new Error(PROFILE_MESSAGES.usernameTaken)
    if (error.code === CHECK_VIOLATION && /username/.test(error.message)) {
      throw new Error(PROFILE_MESSAGES.usernameFormat)
    }
    if (error.code === CHECK_VIOLATION && /bio/.test(error.message)) {
      throw new Error(PROFILE_MESSAGES.bioTooLong)
    }
    throw failure('saveProfile', error)
  }
  // RLS hides other people's rows from an update: no row means it was not yours to change.
  if (!data) throw new Error(failed('saveProfile', { reason: FAILURE_REASONS.notOwnProfile }))
  return withCurrentAvatarOrigin(client, data as Profile)
}

/** `avatars/{userId}/{timestamp}-{random}.{ext}`: a new name every time, so caches never lie. */
export function avatarPath(userId: string, extension: string, now = Date.now()): string {
  const random = Math.random().toString(36).slice(2, 10).padEnd(8, '0')
  return `avatars/${userId}/${now}-${random}.${extension}`
}

/** The object path of `userId`'s own avatar behind `url`, or null when it is not one. */
function ownAvatarPath(url: string | null, userId: string): string | null {
  if (!url) return null
  const path = objectPathFromPublicUrl(url, IMAGES_BUCKET)
  return path?.startsWith(`avatars/${userId}/`) ? path : null
}

/**
 * Replaces the signed-in user's avatar with `bytes` (already cropped and resized to at most
 * AVATAR_SIZE square): upload the new image, point the profile at it, then remove the old one.
 * If the profile update fails, the new upload is removed, so no object is left unused.
 */
export async function uploadAvatar(
  client: SupabaseClient,
  userId: string,
  bytes: Uint8Array,
  declaredType: string
): Promise<Profile> {
  const check = checkImage(bytes, declaredType, 'selected')
  if (!check.ok) throw new Error(check.message)
  const size = readImageDimensions(bytes)
  if (!size || size.width > AVATAR_SIZE || size.height > AVATAR_SIZE) {
    throw new Error(PROFILE_MESSAGES.avatarTooLarge)
  }
  const previous = await client.from('profiles').select('avatar_url').eq('id', userId).maybeSingle()
  const path = avatarPath(userId, IMAGE_EXTENSION_BY_TYPE[check.type])
  const saved = await uploadThenWrite<Profile>(client, {
    uploads: [{ path, bytes, type: check.type }],
    retryable: false,
    // saveProfileRow's errors are already in the profile's own words.
    failureMessage: (reason) => reason,
    write: async ([avatarUrl]) => ({
      data: await saveProfileRow(client, userId, { avatar_url: avatarUrl }),
      error: null
    })
  })
  const oldPath = ownAvatarPath(
    (previous.data as { avatar_url: string | null } | null)?.avatar_url ?? null,
    userId
  )
  if (oldPath && oldPath !== path) await removeQuietly(client, oldPath)
  return saved
}

/** Clears the signed-in user's avatar and removes its image. */
export async function removeAvatar(client: SupabaseClient, userId: string): Promise<Profile> {
  const previous = await client.from('profiles').select('avatar_url').eq('id', userId).maybeSingle()
  const saved = await saveProfileRow(client, userId, { avatar_url: null })
  const oldPath = ownAvatarPath(
    (previous.data as { avatar_url: string | null } | null)?.avatar_url ?? null,
    userId
  )
  if (oldPath) await removeQuietly(client, oldPath)
  return saved
}

/**
 * Removing an image nobody points at any more is cleanup: the user's change already
 * succeeded, so a failure here is logged, not reported.
 */
async function removeQuietly(client: SupabaseClient, path: string): Promise<void> {
  const { error } = await client.storage.from(IMAGES_BUCKET).remove([path])
  if (error) console.error('Could not remove unused avatar', path, error)
}
