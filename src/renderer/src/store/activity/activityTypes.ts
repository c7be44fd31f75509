// The activity store's shape and what its action modules share (activityStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { Api } from '@shared/bridge-contract'
import type { ActivityGroup, Notification } from '@shared/domain'
import type { Services } from '../../services'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'

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

export type ActivityData = Pick<
  ActivityState,
  'userId' | 'groups' | 'unreadCount' | 'status' | 'error' | 'open'
>

export function emptyActivity(userId: string | null = null): ActivityData {
  return { userId, groups: [], unreadCount: 0, status: 'idle', error: null, open: false }
}

/** What the activity store's action modules share. */
export interface ActivityContext {
  deps: ActivityDeps
  set: ActivityStore['setState']
  get: ActivityStore['getState']
  /** Mutable, shared by the modules: which read is current and what was already announced. */
  reads: {
    /** Bumped by every read and by start/stop: an answer for an older token is dropped. */
    token: number
    /** The newest activity seen so far: older lines are never announced natively. */
    seenUpTo: string | null
    firstRead: boolean
  }
}
