// Auth operations that both the desktop main process and the browser platform run, written
// against a SupabaseClient passed in.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { SignInInput, SignUpInput, SignUpResult } from '../bridge-contract'
import { AUTH_MESSAGES, authFailure } from '../auth-messages'
import { failureWithHelp, messageOr } from '../errors'
import { MESSAGES } from '../messages'
import { REFUSED } from './refusal'

export const USERNAME_TAKEN_MESSAGE = REFUSED.usernameTaken

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
  if (error) throw authFailure(error, MESSAGES.signUpFailed)
  // With confirmation on, an existing address comes back as a user without identities: the
  // server sends no message, so the spec's fallback says it, and the app's words explain.
  if (!data.session && data.user && data.user.identities?.length === 0) {
    throw failureWithHelp(MESSAGES.signUpFailed, AUTH_MESSAGES.emailTaken)
  }
  return { needsConfirmation: !data.session }
}

/**
 * The email to sign in with for what the user typed: an address as it is; for a username, the
 * account's email, which the database gives only when the password is that account's
 * (public.sign_in_email), so nobody learns another person's address. Its "no" is an answer, not
 * a server message, so the spec's fallback says it, with the app's words under it.
 */
async function emailForLogin(
  client: SupabaseClient,
  login: string,
  password: string
): Promise<string> {
  if (login.includes('@') && !login.startsWith('@')) return login
  const { data, error } = await client.rpc('sign_in_email', { login, password })
  if (error) throw authFailure(error, MESSAGES.signInFailed)
  const [answer] = (data ?? []) as { account_exists: boolean; email: string | null }[]
  if (!answer?.account_exists) {
    throw failureWithHelp(MESSAGES.signInFailed, AUTH_MESSAGES.unknownUsername)
  }
  if (!answer.email) throw failureWithHelp(MESSAGES.signInFailed, AUTH_MESSAGES.wrongPassword)
  return answer.email
}

/** Signs in with an email or a username (`input.email` holds either) and the password. */
export async function signIn(client: SupabaseClient, input: SignInInput): Promise<void> {
  const email = await emailForLogin(client, input.email.trim(), input.password)
  const { error } = await client.auth.signInWithPassword({ email, password: input.password })
  if (error) throw authFailure(error, MESSAGES.signInFailed)
}

export async function signOut(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut()
  if (error) throw new Error(messageOr(error, MESSAGES.signOutFailed))
}
