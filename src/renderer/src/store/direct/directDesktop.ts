// Tells the desktop (badge, tray, native notifications) about direct messages: the unread
// count with each read of it, and each message from someone else with the thread on screen, so
// main can leave out the one the reader is looking at. Wording is in directAlerts.ts.

import type { DirectAlert } from '@shared/bridge-contract'
import type { DirectThread } from '../../services/types'
import { directAlert } from './directAlerts'
import type { DirectDeps, DirectState } from './directTypes'

export function createDesktopReporter(deps: DirectDeps, get: () => DirectState) {
  function report(alerts: DirectAlert[]): void {
    if (!deps.notifications) return
    const { unreadCount, open } = get()
    deps.notifications
      .reportDirect({ unreadCount, openThreadId: open?.id ?? null, alerts })
      .catch((error: unknown) => console.error('Error reporting direct messages', error))
  }

  /** The thread a message arrived in: from the folders shown, else the inbox read now. */
  async function threadOf(threadId: string): Promise<DirectThread | undefined> {
    const known = (): DirectThread | undefined =>
      [...get().folders.inbox, ...get().folders.requests].find((t) => t.id === threadId)
    if (known()) return known()
    await get().loadFolder('inbox')
    return known()
  }

  return {
    report,
    /** A message from someone else arrived: worded and reported, unless it is a request. */
    async announce(row: { id: string; thread_id: string }): Promise<void> {
      if (!deps.notifications) return
      const [thread, message] = await Promise.all([
        threadOf(row.thread_id),
        get().open?.messages.find((m) => m.id === row.id) ?? deps.direct.fetchMessage(row.id)
      ])
      const alert = message && directAlert(message, thread, get().userId)
      if (alert) report([alert])
    }
  }
}
