// The session and what every other store is built on: the outbox (whose callbacks reach the
// stores made after it), saved answers for offline reads, toasts and connectivity.

import type { Api } from '@shared/bridge-contract'
import type { Services } from '../../services'
import { createConnectivityStore, type ConnectivityStore } from '../../offline/connectivityStore'
import type { OfflineCache } from '../../offline/cache'
import { cacheScope } from '../../offline/cache/cacheScope'
import { savedAnswers, type SavedAnswers } from '../../offline/cache/savedAnswers'
import { wipeCacheOnSignOut } from '../../offline/cache/wipe'
import type { ActionQueue, OutboxStore } from '../../offline/outbox/outboxStore'
import type { OfflineParts } from '../appStores'
import { createSessionStore, selectUserId, type SessionStore } from '../session/sessionStore'
import { createToastStore, type ToastStore } from '../toast/toastStore'
import { createOutbox } from './appOutbox'
import type { OutboxTargets } from './outboxSync'

export interface Foundation {
  session: SessionStore
  outbox: OutboxStore
  queue: ActionQueue
  toast: ToastStore
  connectivity: ConnectivityStore
  offlineCache: OfflineCache | null
  answers: SavedAnswers | undefined
  getUserId(): string | null
  /**
   * Calls `listener` each time the signed-in user changes (a sign-in, a sign-out, a switch of
   * account), before any view reloads for the new user: per-user state is forgotten there.
   */
  onUserChange(listener: () => void): void
  /** Where the outbox's callbacks find the stores made after it. */
  setTargets(targets: OutboxTargets): void
}

export function createFoundation(api: Api, services: Services, offline: OfflineParts): Foundation {
  const connectivity = offline.connectivity ?? createConnectivityStore()
  const offlineCache = offline.cache ?? null
  const toast = createToastStore()
  // The outbox's callbacks reach stores made later; they only run once it has sent something.
  let targets: OutboxTargets | null = null
  const outbox = createOutbox({
    api,
    services,
    getUserId: () => selectUserId(session.getState()),
    connectivity,
    notify: (message) => toast.getState().show(message),
    targets: () => targets!
  })
  const session = createSessionStore(api.auth, {
    beforeSignOut: (userId) => outbox.getState().wipe(userId),
    afterSignOut: (userId, othersRemain) => wipeCacheOnSignOut(offlineCache, userId, othersRemain)
  })
  const getUserId = (): string | null => selectUserId(session.getState())
  return {
    session,
    outbox,
    queue: outbox.getState(),
    toast,
    connectivity,
    offlineCache,
    answers: offlineCache ? savedAnswers(offlineCache.answers, cacheScope(session)) : undefined,
    getUserId,
    onUserChange: (listener) => {
      let userId = getUserId()
      session.subscribe(() => {
        if (getUserId() === userId) return
        userId = getUserId()
        listener()
      })
    },
    setTargets: (wired) => {
      targets = wired
    }
  }
}
