// The activity panel and the heart icon's dot. The first page of grouped activity and the
// unread count are re-read whenever the live channel says something new arrived or re-joined
// after a gap, so a missed or repeated event can neither lose nor double a line. Opening the
// panel marks what it shows as read. Every read is also reported to the platform, which in the
// desktop app updates the badge and shows native notifications.

import { createStore } from 'zustand/vanilla'
import { cacheKeys } from '../../offline/cache/savedAnswers'
import { readingActions } from './activityReading'
import {
  emptyActivity,
  type ActivityContext,
  type ActivityDeps,
  type ActivitySnapshot,
  type ActivityState,
  type ActivityStore
} from './activityTypes'

// Reading lives in activityReading.ts; this composes it with following the live channel and
// the panel's open state.
export type {
  ActivityDeps,
  ActivitySnapshot,
  ActivityState,
  ActivityStatus,
  ActivityStore
} from './activityTypes'

export function createActivityStore(deps: ActivityDeps): ActivityStore {
  return createStore<ActivityState>()((set, get) => {
    const ctx: ActivityContext = {
      deps,
      set,
      get,
      reads: { token: 0, seenUpTo: null, firstRead: true }
    }
    const { reads } = ctx

    return {
      ...emptyActivity(),
      ...readingActions(ctx),

      start(userId) {
        reads.token += 1
        reads.seenUpTo = null
        reads.firstRead = true
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
          reads.token += 1
          set(emptyActivity())
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
