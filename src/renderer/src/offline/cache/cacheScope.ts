// Whose cache to read. Before the session is known (a cold desktop start waits for the local
// backend to boot before it can say who is signed in) the app reads the cache of the user who
// was signed in last; only that user's id is remembered, never a token, and signing out
// forgets it.

import type { StoreApi } from 'zustand/vanilla'
import type { AuthSnapshot } from '@shared/auth-snapshot'

/** The session as the cache reads it: whether it is known yet, and who is signed in. */
export type SessionView = Pick<
  StoreApi<{ status: 'loading' | 'ready'; snapshot: AuthSnapshot }>,
  'getState' | 'subscribe'
>

const LAST_USER_KEY = 'instaframe-cache:last-user'

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function rememberedUser(storage: KeyValue = localStorage): string | null {
  try {
    return storage.getItem(LAST_USER_KEY)
  } catch {
    return null
  }
}

export function rememberUser(userId: string | null, storage: KeyValue = localStorage): void {
  try {
    if (userId) storage.setItem(LAST_USER_KEY, userId)
    else storage.removeItem(LAST_USER_KEY)
  } catch {
    // Storage refused (private mode, quota): the next start shows the visitor cache instead.
  }
}

/** The signed-in user's id once the session is known, the remembered one until then. */
export function cacheScope(session: SessionView, storage?: KeyValue): () => string | null {
  return () => {
    const state = session.getState()
    return state.status === 'ready' ? (state.snapshot.user?.id ?? null) : rememberedUser(storage)
  }
}

/** Keeps the remembered user in step with the session; returns the unsubscribe function. */
export function rememberSessionUser(session: SessionView, storage?: KeyValue): () => void {
  return session.subscribe((state) => {
    if (state.status === 'ready') rememberUser(state.snapshot.user?.id ?? null, storage)
  })
}
