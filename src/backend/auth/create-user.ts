// One way to add an email user, for every route that can create one (sign-up, /otp, invite,
// generate_link): insert as supabase_auth_admin and turn the database's refusals into what the
// client can act on.

import { isPostgresError, type Queryable } from '../db/database'
import { AuthError } from './errors'
import { insertUser } from './users'

/**
 * The profile trigger's own refusals, said as what the person can fix. Hosted GoTrue answers
 * all of these with a 500 "Database error saving new user"; the app asks about the username
 * first, so this only decides a race or a client that skipped the check.
 */
function profileRefusal(error: unknown): AuthError | null {
  if (!isPostgresError(error)) return null
  const text = `${error.message} ${error.detail ?? ''}`
  if (error.code === '23505' && /username/.test(text)) {
    return new AuthError(422, 'username_taken', 'This username is already taken. Try another.')
  }
  if (error.code === '23514' && /profiles_full_name_length/.test(text)) {
    return new AuthError(422, 'validation_failed', 'Full name is too long.')
  }
  return null
}

/** Thrown when the address is taken (a race with another sign-up); callers decide the answer. */
export class DuplicateEmail extends Error {}

export interface NewEmailUser {
  email: string
  /** null: no password yet (magic link, invite). */
  passwordHash: string | null
  data: Record<string, unknown>
  confirmed: boolean
}

export async function createEmailUser(tx: Queryable, user: NewEmailUser): Promise<string> {
  try {
    return await insertUser(tx, { ...user, confirmationTokenHash: null })
  } catch (error) {
    if (
      isPostgresError(error) &&
      error.code === '23505' &&
      /email/.test(error.message + (error.detail ?? ''))
    ) {
      throw new DuplicateEmail()
    }
    const refusal = profileRefusal(error)
    if (refusal) throw refusal
    // Usually an app trigger on auth.users (e.g. a profile insert without SECURITY
    // DEFINER). Hosted Supabase hides the cause from the client too; log it here.
    console.error('[auth] sign-up insert failed:', error)
    throw new AuthError(500, 'unexpected_failure', 'Database error saving new user')
  }
}
