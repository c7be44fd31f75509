// One account of AccountSessions (accounts.ts): its AuthSession over its own storage slot,
// opened, summarised for the account list, and discarded when it never signed in.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { SignedInAccount, AuthSnapshot } from '../auth-snapshot'
import { SlotStorage, type SessionStorage } from './account-storage'
import { AuthSession, type AuthSessionDeps } from './session'

export interface AccountSessionsDeps extends Omit<AuthSessionDeps, 'client'> {
  /** Where every account's session and the index live. */
  storage: SessionStorage
  /** A supabase-js client keeping its session in `slot`, with `slot.storageKey` as its key. */
  createClient(slot: SlotStorage): SupabaseClient
}

export interface Account {
  /** Null until the slot's session signs in and moves under its user id. */
  userId: string | null
  session: AuthSession
  slot: SlotStorage
}

/** A session over the slot at `prefix`, started (its stored session loaded). */
export async function openAccount(
  deps: AccountSessionsDeps,
  prefix: string,
  userId: string | null,
  changed: (account: Account, snapshot: AuthSnapshot) => void
): Promise<Account> {
  const slot = new SlotStorage(deps.storage, prefix)
  const account: Account = { userId, slot, session: null as unknown as AuthSession }
  account.session = new AuthSession({
    ...deps,
    client: deps.createClient(slot),
    emit: (snapshot) => changed(account, snapshot)
  })
  await account.session.start()
  return account
}

/** Drops a slot that never signed in (a half-done second factor is forgotten locally). */
export async function discardAccount(account: Account): Promise<void> {
  account.session.dispose()
  await account.slot.clear()
}

/** The account as the account list shows it (its id, and its profile once loaded). */
export function summarize(account: Account): SignedInAccount {
  const { profile, user } = account.session.currentSnapshot()
  return {
    id: account.userId ?? user?.id ?? '',
    username: profile?.username ?? null,
    fullName: profile?.full_name ?? null,
    avatarUrl: profile?.avatar_url ?? null
  }
}
