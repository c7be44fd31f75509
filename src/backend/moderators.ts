// Naming moderators on the local backend: `npm run backend -- --moderator ana@example.com`.
// Moderators are rows of public.moderators, which only the service role (or the database
// owner, as here) may write; a hosted project inserts the same row with SQL (docs/moderation.md).

import type { Queryable } from './db/database'

/**
 * Makes the account with this email a moderator. Returns false when no account has that email
 * yet (sign up first); granting twice is not an error.
 */
export async function grantModerator(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `with account as (
       select u.id from auth.users u where lower(u.email) = lower(btrim($1)) limit 1
     )
     insert into public.moderators (user_id)
     select account.id from account
     on conflict (user_id) do update set user_id = excluded.user_id
     returning user_id as id`,
    [email]
  )
  return rows.length > 0
}
