// Reading the first page and the unread count: marking what the open panel shows as read,
// saving the page for offline use and reporting each read to the platform (badge, native
// notifications for what is new since the last read).

import type { ActivityGroup } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { ACTIVITY_LOAD_FAILED } from '../../services/rules'
import { isNetworkError } from '../../offline/connectivityStore'
import { cacheKeys } from '../../offline/cache/savedAnswers'
import { alertsSince } from './activityText'
import type { ActivityContext, ActivitySnapshot, ActivityState } from './activityTypes'

function report(ctx: ActivityContext, unreadCount: number, groups: ActivityGroup[]): void {
  const { deps, reads } = ctx
  // The first read only sets the baseline: what was there at start is not news.
  const alerts = reads.firstRead ? [] : alertsSince(groups, reads.seenUpTo)
  reads.firstRead = false
  reads.seenUpTo = groups[0]?.latest_at ?? reads.seenUpTo
  deps.notifications.report({ unreadCount, alerts }).catch((error: unknown) => {
    console.error('Error reporting activity', error)
  })
}

async function markShownRead(ctx: ActivityContext, groups: ActivityGroup[]): Promise<void> {
  const newest = groups[0]
  if (!newest) return
  await ctx.deps.activity.markRead(newest.latest_at)
}

export function readingActions(ctx: ActivityContext): Pick<ActivityState, 'refresh'> {
  const { deps, get, set, reads } = ctx
  return {
    async refresh() {
      if (!get().userId) return
      const token = ++reads.token
      if (get().groups.length === 0) set({ status: 'loading' })
      try {
        const [page, unread] = await Promise.all([
          deps.activity.fetchPage(null),
          deps.activity.countUnread()
        ])
        if (token !== reads.token) return
        let unreadCount = unread
        if (get().open && unread > 0) {
          await markShownRead(ctx, page.groups)
          unreadCount = 0
        }
        if (token !== reads.token) return
        set({ groups: page.groups, unreadCount, status: 'ready', error: null })
        report(ctx, unreadCount, page.groups)
        deps.saved?.write(cacheKeys.activity, {
          groups: page.groups,
          unreadCount
        } satisfies ActivitySnapshot)
      } catch (error) {
        if (token !== reads.token) return
        // Offline with a saved copy on screen: keep showing it rather than an error.
        const keepSaved = isNetworkError(error) && get().groups.length > 0
        set({ status: 'ready', error: keepSaved ? null : messageOr(error, ACTIVITY_LOAD_FAILED) })
      }
    }
  }
}
