// The activity panel and the heart icon's dot. The first page of grouped activity and the
// unread count are re-read whenever the live channel says something new arrived or re-joined
// after a gap, so a missed or repeated event can neither lose nor double a line. Opening the
// panel marks what it shows as read. Every read is also reported to the platform, which in the
// desktop app updates the badge and shows native notifications.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Api } from '@shared/bridge-contract'
import type { ActivityGroup, Notification } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { ACTIVITY_LOAD_FAILED } from '@shared/data/activity'
import type { Services } from '../../services'
import { alertsSince } from './activityText'
import { isNetworkError } from '../../offline/connectivityStore'
import { cacheKeys, type SavedAnswers } from '../../offline/cache/savedAnswers'

/** What is saved of the activity panel for offline use. */
export interface ActivitySnapshot {
  groups: ActivityGroup[]
  unreadCount: number
}

export type ActivityStatus = 'idle' | 'loading' | 'ready'

export interface ActivityDeps {
  activity: Services['activity']
  live: Services['live']
  notifications: Api['notifications']
  /** Told of each new notification as it arrives, e.g. so a new follower moves the count. */
  onNotification?(notification: Notification): void
  /** Where the first page is saved for offline use and instant start. */
  saved?: SavedAnswers
}

export interface ActivityState {
  userId: string | null
  groups: ActivityGroup[]
  unreadCount: number
  status: ActivityStatus
  error: string | null
  open: boolean
  /** Follows the user's activity live; returns the function that stops and forgets it all. */
  start(userId: string): () => void
  /** Re-reads the first page and the unread count (marking read if the panel is open). */
  refresh(): Promise<void>
  openPanel(): Promise<void>
  closePanel(): void
}

export type ActivityStore = StoreApi<ActivityState>

type ActivityData = Pick<
  ActivityState,
  'userId' | 'groups' | 'unreadCount' | 'status' | 'error' | 'open'
>

function emptyActivity(userId: string | null = null): ActivityData {
  return { userId, groups: [], unreadCount: 0, status: 'idle', error: null, open: false }
}

export function createActivityStore(deps: ActivityDeps): ActivityStore {
  return createStore<ActivityState>()((set, get) => {
    let readToken = 0
    /** The newest activity seen so far: older lines are never announced natively. */
    let seenUpTo: string | null = null
    let firstRead = true

    function report(unreadCount: number, groups: ActivityGroup[]): void {
      // The first read only sets the baseline: what was there at start is not news.
      const alerts = firstRead ? [] : alertsSince(groups, seenUpTo)
      firstRead = false
      seenUpTo = groups[0]?.latest_at ?? seenUpTo
      deps.notifications.report({ unreadCount, alerts }).catch((error: unknown) => {
        console.error('Error reporting activity', error)
      })
    }

    async function markShownRead(groups: ActivityGroup[]): Promise<void> {
      const newest = groups[0]
      if (!newest) return
      await deps.activity.markRead(newest.latest_at)
    }

    return {
      ...emptyActivity(),

      start(userId) {
        readToken += 1
        seenUpTo = null
        firstRead = true
        set({ ...emptyActivity(), userId })
        void deps.saved?.read<ActivitySnapshot>(cacheKeys.activity).then((snapshot) => {
          // Shown until the first read answers; never over it.
          if (snapshot && get().userId === userId && get().status !== 'ready') {
            set({ groups: snapshot.groups, unreadCount: snapshot.unreadCount, status: 'ready' })
          }
        })
        const stop = deps.live.activity(userId, {
          onNotification: (notification) => {
            deps.onNotification?.(notification)
            void get().refresh()
          },
          onResync: () => void get().refresh(),
          onError: (message) => console.error('Activity channel error', message)
        })
        void get().refresh()
        return () => {
          stop()
          readToken += 1
          set(emptyActivity())
        }
      },

      async refresh() {
        if (!get().userId) return
        const token = ++readToken
        if (get().groups.length === 0) set({ status: 'loading' })
        try {
          const [page, unread] = await Promise.all([
            deps.activity.fetchPage(null),
            deps.activity.countUnread()
          ])
          if (token !== readToken) return
          let unreadCount = unread
          if (get().open && unread > 0) {
            await markShownRead(page.groups)
            unreadCount = 0
          }
          if (token !== readToken) return
          set({ groups: page.groups, unreadCount, status: 'ready', error: null })
          report(unreadCount, page.groups)
          deps.saved?.write(cacheKeys.activity, {
            groups: page.groups,
            unreadCount
          } satisfies ActivitySnapshot)
        } catch (error) {
          if (token !== readToken) return
          // Offline with a saved copy on screen: keep showing it rather than an error.
          const keepSaved = isNetworkError(error) && get().groups.length > 0
          set({ status: 'ready', error: keepSaved ? null : messageOr(error, ACTIVITY_LOAD_FAILED) })
        }
      },

      async openPanel() {
        set({ open: true })
        await get().refresh()
      },

      closePanel() {
        set({ open: false })
      }
    }
  })
}

export const selectHasUnread = (state: ActivityState): boolean => state.unreadCount > 0
