// The session as the renderer sees it: the signed-in user, their profile and every account
// signed in on this install. Not a row of any table (domain.ts holds those).

import type { Profile } from './domain'

/** The signed-in user as the renderer sees it: never the refresh token. */
export interface SessionUser {
  id: string
  email: string | null
  user_metadata: Record<string, unknown>
}

export interface AuthSnapshot {
  user: SessionUser | null
  profile: Profile | null
  accessToken: string | null
  /** Seconds since the epoch, as Supabase reports it. */
  expiresAt: number | null
  /**
   * A step signing in still needs: the code of the user's authenticator app (the snapshot is
   * signed out until then), or a new password after a recovery link or code (signed in).
   */
  pending?: 'second-factor' | 'new-password'
  /** Every account signed in on this install, in the order the account menu lists them. */
  accounts?: SignedInAccount[]
  /** True while another account is being added: the app is signed out until it signs in. */
  addingAccount?: boolean
}

/** One of the accounts signed in on this install, as the account menu shows it. */
export interface SignedInAccount {
  id: string
  username: string | null
  fullName: string | null
  avatarUrl: string | null
}

export const SIGNED_OUT: AuthSnapshot = {
  user: null,
  profile: null,
  accessToken: null,
  expiresAt: null
}
