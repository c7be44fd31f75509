// Account operations beyond signing in (docs/product.md, "Account recovery and security"):
// password recovery and sign-in with an emailed code, changing the password and the email, and
// deleting the account. Each throws the app's own sentence (auth-messages.ts).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { EmailCodeInput, PasswordChangeInput } from '../bridge-contract'
import { AUTH_MESSAGES, authErrorMessage } from '../auth-messages'

export const ACCOUNT_FAILED = 'Something went wrong. Please try again.'

function fail(error: unknown): never {
  throw new Error(authErrorMessage(error, ACCOUNT_FAILED))
}

/**
 * Mails a recovery link and a 6-digit code. Answers the same whether or not anyone has this
 * address (the server does too), so the form tells nobody which emails have accounts.
 */
export async function requestPasswordReset(
  client: SupabaseClient,
  email: string,
  redirectTo?: string
): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(email.trim(), { redirectTo })
  if (error) fail(error)
}

/** Mails a sign-in link and code to an existing account's address (never creates one). */
export async function sendLoginCode(
  client: SupabaseClient,
  email: string,
  redirectTo?: string
): Promise<void> {
  const { error } = await client.auth.signInWithOtp({
    email: email.trim(),
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo }
  })
  // Without an account the server says "Signups not allowed for otp": the same answer as for an
  // account keeps addresses private.
  if (error && error.code !== 'otp_disabled' && error.status !== 422) fail(error)
}

/** Signs in with a mailed 6-digit code: a recovery code or a login code. */
export async function verifyEmailCode(
  client: SupabaseClient,
  input: EmailCodeInput
): Promise<void> {
  const { error } = await client.auth.verifyOtp({
    email: input.email.trim(),
    token: input.code.replace(/\s+/g, ''),
    type: input.kind === 'recovery' ? 'recovery' : 'email'
  })
  if (error) fail(error)
}

/** Sets a new password for the signed-in user (after recovery, or after checking the old one). */
export async function setPassword(client: SupabaseClient, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password })
  if (error) fail(error)
}

/** Whether `password` is the signed-in user's (public.verify_password, counted against guessing). */
async function checkPassword(client: SupabaseClient, password: string): Promise<void> {
  const { data, error } = await client.rpc('verify_password', { password })
  if (error) fail(error)
  if (data !== true) throw new Error(AUTH_MESSAGES.wrongPassword)
}

/** "Change password": the current password first, then the new one. */
export async function changePassword(
  client: SupabaseClient,
  input: PasswordChangeInput
): Promise<void> {
  await checkPassword(client, input.currentPassword)
  await setPassword(client, input.newPassword)
}

/** Starts an email change: the new address gets a confirmation link; nothing changes until then. */
export async function changeEmail(
  client: SupabaseClient,
  email: string,
  redirectTo?: string
): Promise<void> {
  const { error } = await client.auth.updateUser(
    { email: email.trim() },
    { emailRedirectTo: redirectTo }
  )
  if (error) fail(error)
}

/**
 * Deletes the signed-in account and everything of it, on the server (public.delete_account),
 * then forgets the session locally (it no longer exists on the server).
 */
export async function deleteAccount(client: SupabaseClient, password: string): Promise<void> {
  const { data, error } = await client.rpc('delete_account', { password })
  if (error) fail(error)
  if (data !== true) throw new Error(AUTH_MESSAGES.wrongPassword)
  await client.auth.signOut({ scope: 'local' })
}
