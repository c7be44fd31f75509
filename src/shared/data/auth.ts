// Auth operations that both the desktop main process and the browser platform run, written
// against a SupabaseClient passed in.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { SignInInput, SignUpInput, SignUpResult } from '../bridge-contract'
import { messageOr } from '../errors'
import { MESSAGES } from '../messages'

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken. Try another.'

/**
 * A taken username would fail inside the sign-up trigger, which the auth server can only report
 * as a bare 500 ("Failed to sign up"). Profiles are public, so ask first and say what is wrong.
 * The unique index still decides a race.
 */
async function isUsernameTaken(client: SupabaseClient, username: string): Promise<boolean> {
  const { data, error } = await client
    .from('profiles')
    .select('id')
    .eq('username', username.trim().toLowerCase())
    .limit(1)
  if (error) return false
  return (data ?? []).length > 0
}

export async function signUp(
  client: SupabaseClient,
  input: SignUpInput,
  emailRedirectTo?: string
): Promise<SignUpResult> {
  if (await isUsernameTaken(client, input.username)) throw new Error(USERNAME_TAKEN_MESSAGE)
  const { data, error } = await client.auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: {
      data: { username: input.username.trim().toLowerCase(), full_name: input.fullName.trim() },
      emailRedirectTo
    }
  })
  if (error) throw new Error(messageOr(error, MESSAGES.signUpFailed))
  // With confirmation on, an existing address comes back as a user without identities.
  if (!data.session && data.user && data.user.identities?.length === 0) {
    throw new Error('User already registered')
  }
  return { needsConfirmation: !data.session }
}

export async function signIn(client: SupabaseClient, input: SignInInput): Promise<void> {
  const { error } = await client.auth.signInWithPassword({
    email: input.email.trim(),
    password: input.password
  })
  if (error) throw new Error(messageOr(error, MESSAGES.signInFailed))
}

export async function signOut(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut()
  if (error) throw new Error(messageOr(error, MESSAGES.signOutFailed))
}
