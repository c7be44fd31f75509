// notifications:* — the renderer reports unread activity and direct messages (badge, tray and
// native notifications) and reads or changes the setting that turns native notifications off.

import { z } from 'zod'
import type { DesktopNotifier } from '../notifications/desktop-notifier'
import type { Handle } from './handle'
import { noPayload } from './schemas'

const MAX_ALERTS = 50

const targetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('post'), postId: z.string().max(64) }),
  z.strictObject({ kind: z.literal('profile'), username: z.string().max(100) }),
  z.strictObject({ kind: z.literal('direct'), threadId: z.string().max(64) })
])

const unreadCount = z.number().int().min(0).max(1_000_000)

export const activityReportSchema = z.strictObject({
  unreadCount,
  alerts: z
    .array(
      z.strictObject({
        key: z.string().max(200),
        body: z.string().max(500),
        target: targetSchema
      })
    )
    .max(MAX_ALERTS)
})

export const directReportSchema = z.strictObject({
  unreadCount,
  openThreadId: z.string().max(64).nullable(),
  alerts: z
    .array(
      z.strictObject({
        key: z.string().max(200),
        title: z.string().max(200),
        body: z.string().max(500),
        threadId: z.string().max(64)
      })
    )
    .max(MAX_ALERTS)
})

export function registerNotificationsIpc(handle: Handle, notifier: DesktopNotifier): void {
  handle('notifications:report', activityReportSchema, (report) => notifier.report(report))
  handle('notifications:report-direct', directReportSchema, (report) =>
    notifier.reportDirect(report)
  )
  handle('notifications:get-enabled', noPayload, () => notifier.isEnabled())
  handle('notifications:set-enabled', z.boolean(), (enabled) => notifier.setEnabled(enabled))
}
