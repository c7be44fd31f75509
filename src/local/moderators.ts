// Naming moderators on the local backend: `npm run backend -- --moderator ana@example.com`.
// Moderators are rows of public.moderators, which only the service role may write; the service-
// role-only `grant_moderator` does it, here through the API as any admin tool would, and on a
// hosted project from the SQL editor (docs/moderation.md).

import { createClient } from '@supabase/supabase-js'

/**
 * Makes the account with this email a moderator. Returns false when no account has that email
 * yet (sign up first); granting twice is not an error.
 */
export async function grantModerator(
  url: string,
  serviceRoleKey: string,
  email: string
): Promise<boolean> {
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }
  })
  const { data, error } = await admin.rpc('grant_moderator', { email })
  if (error) throw new Error(`Could not make ${email} a moderator: ${error.message}`)
  return data === true
}
