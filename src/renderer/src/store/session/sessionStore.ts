// The session (docs/product.md, "Session"): loaded at start, then follows auth events. The platform
// (main or the page) owns the tokens; this store only mirrors its snapshot.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Api, SignInInput, SignUpInput, SignUpResult } from '@shared/bridge-contract'
import { type PostAuthor, type Profile } from '@shared/domain'
import {
  SIGNED_OUT,
  type AuthSnapshot,
  type SessionUser,
  type SignedInAccount
} from '@shared/auth-snapshot'

export type SessionStatus = 'loading' | 'ready'

export interface SessionState {
  snapshot: AuthSnapshot
  status: SessionStatus
  /** Loads the session and subscribes to changes; returns the unsubscribe function. */
  init(): () => void
  signIn(input: SignInInput): Promise<void>
  signUp(input: SignUpInput): Promise<SignUpResult>
  /** Logs out of the current account; another signed-in one (if any) becomes current. */
  signOut(): Promise<void>
  /** Logs out of every account signed in on this device. */
  signOutAll(): Promise<void>
  /** Makes another signed-in account current (the snapshot's `accounts`). */
  switchAccount(userId: string): Promise<void>
  /** Starts adding an account: signed out until it signs in; refused at the account limit. */
  addAccount(): Promise<void>
  /** Gives up adding an account: back to the one that was current. */
  cancelAddAccount(): Promise<void>
  /**
   * The account was deleted (the platform already forgot its session): wipes what this device
   * kept for the user, as a sign-out does, and shows the app signed out.
   */
  accountDeleted(): Promise<void>
  /** Reads the platform's snapshot again (after an account step signed in or changed it). */
  reload(): Promise<AuthSnapshot>
  /** The signed-in user's profile after they edited it, so every place shows the new one. */
  setProfile(profile: Profile): void
}

export type SessionStore = StoreApi<SessionState>

export interface SessionHooks {
  /**
   * Runs after a sign-out succeeded, with the id of who signed out and whether other accounts
   * are still signed in: wipes what this device kept for them (the offline cache: theirs only
   * while others remain). It must not throw; sign-out has already happened.
   */
  afterSignOut?(userId: string | null, othersRemain: boolean): Promise<void>
  /**
   * Runs before the platform signs out, with the user leaving: what the device keeps for them
   * (queued actions, drafts) is wiped. A failure is logged and does not block the sign-out.
   */
  beforeSignOut?(userId: string): Promise<void>
}

export function createSessionStore(auth: Api['auth'], hooks: SessionHooks = {}): SessionStore {
  return createStore<SessionState>()((set, get) => {
    // An event is newer than the initial read, so a late getSession must not overwrite it.
    let sawEvent = false

    /** Wipes what this device kept for each user leaving (queued actions, drafts). */
    async function beforeLeaving(userIds: string[]): Promise<void> {
      for (const userId of userIds) {
        await hooks.beforeSignOut?.(userId).catch((error: unknown) => {
          console.error('Could not wipe what this device kept for the user', error)
        })
      }
    }

    async function refresh(): Promise<void> {
      try {
        set({ snapshot: await auth.getSession(), status: 'ready' })
      } catch (error) {
        console.error('Error loading session', error)
      }
    }

    return {
      snapshot: SIGNED_OUT,
      status: 'loading',
      init() {
        const unsubscribe = auth.onChanged((snapshot) => {
          sawEvent = true
          set({ snapshot, status: 'ready' })
        })
        auth.getSession().then(
          (snapshot) => {
            if (!sawEvent) set({ snapshot, status: 'ready' })
          },
          (error: unknown) => {
            console.error('Error loading session', error)
            if (!sawEvent) set({ snapshot: SIGNED_OUT, status: 'ready' })
          }
        )
        return unsubscribe
      },
      async signIn(input) {
        await auth.signIn(input)
        // Do not rely on the event alone arriving before the modal closes.
        await refresh()
      },
      async signUp(input) {
        const result = await auth.signUp(input)
        if (!result.needsConfirmation) await refresh()
        return result
      },
      async signOut() {
        const userId = get().snapshot.user?.id ?? null
        if (userId) await beforeLeaving([userId])
        await auth.signOut()
        // Another account may be current now: read who, rather than assume nobody.
        set({ snapshot: SIGNED_OUT })
        await refresh()
        const remaining = get().snapshot.accounts ?? []
        await hooks.afterSignOut?.(
          userId,
          remaining.some((account) => account.id !== userId)
        )
      },
      async signOutAll() {
        const { snapshot } = get()
        const userIds = (snapshot.accounts ?? []).map((account) => account.id)
        if (snapshot.user && !userIds.includes(snapshot.user.id)) userIds.push(snapshot.user.id)
        await beforeLeaving(userIds)
        await auth.signOutAll()
        set({ snapshot: SIGNED_OUT })
        await refresh()
        await hooks.afterSignOut?.(snapshot.user?.id ?? null, false)
      },
      async switchAccount(userId) {
        if (get().snapshot.user?.id === userId) return
        await auth.switchAccount(userId)
        await refresh()
      },
      async addAccount() {
        await auth.addAccount()
        await refresh()
      },
      async cancelAddAccount() {
        await auth.cancelAddAccount()
        await refresh()
      },
      async accountDeleted() {
        const { snapshot } = get()
        const userId = snapshot.user?.id ?? null
        const othersRemain = (snapshot.accounts ?? []).some((account) => account.id !== userId)
        if (userId && hooks.beforeSignOut) {
          await hooks.beforeSignOut(userId).catch((error: unknown) => {
            console.error('Could not wipe what this device kept for the user', error)
          })
        }
        set({ snapshot: SIGNED_OUT })
        await hooks.afterSignOut?.(userId, othersRemain)
      },
      async reload() {
        await refresh()
        return get().snapshot
      },
      setProfile(profile) {
        set((state) =>
          state.snapshot.user?.id === profile.id
            ? {
                snapshot: { ...state.snapshot, profile: { ...state.snapshot.profile, ...profile } }
              }
            : {}
        )
      }
    }
  })
}

export const selectUser = (state: SessionState): SessionUser | null => state.snapshot.user
export const selectUserId = (state: SessionState): string | null => state.snapshot.user?.id ?? null
export const selectProfile = (state: SessionState): Profile | null => state.snapshot.profile
export const selectIsSignedIn = (state: SessionState): boolean => state.snapshot.user !== null

/** A string the auth user's metadata holds under `key` (sign-up stores username, full_name). */
function signedUpAs(state: SessionState, key: 'username' | 'full_name'): string | null {
  const value = state.snapshot.user?.user_metadata[key]
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

/**
 * The signed-in user's username: the profile row's, else (the row could not be read) the one
 * chosen at sign-up, so their own profile can still be opened.
 */
export const selectOwnUsername = (state: SessionState): string | null =>
  state.snapshot.profile?.username ??
  (state.snapshot.user ? (signedUpAs(state, 'username')?.toLowerCase() ?? null) : null)

/** The signed-in user's full name: the profile row's, else the one given at sign-up. */
export const selectOwnFullName = (state: SessionState): string | null =>
  state.snapshot.profile ? state.snapshot.profile.full_name : signedUpAs(state, 'full_name')

const NO_ACCOUNTS: SignedInAccount[] = []
/** Every account signed in on this device, in the account menu's order. */
export const selectAccounts = (state: SessionState): SignedInAccount[] =>
  state.snapshot.accounts ?? NO_ACCOUNTS
export const selectAddingAccount = (state: SessionState): boolean =>
  state.snapshot.addingAccount === true

/** The signed-in user as the author of what they post or comment (previews of queued writes). */
export const selectAuthor = (state: SessionState): PostAuthor | null => {
  const profile = state.snapshot.profile
  return profile
    ? { username: profile.username, full_name: profile.full_name, avatar_url: profile.avatar_url }
    : null
}
