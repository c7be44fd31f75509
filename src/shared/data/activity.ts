// The activity panel's data: grouped pages of the signed-in user's notifications, the unread
// count, marking read, and a live subscription that tells the caller when to re-read.
//
// Reconnects lose nothing and duplicate nothing because the panel never appends live events
// blindly: a live notification only says "something new"; after every re-join (the backend
// restarted, the laptop slept) `onResync` fires and the caller re-reads the first page with
// fetchActivityPage, which is the source of truth.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import type { ActivityGroup, Notification } from '../domain'
import { messageOr } from '../errors'
import { FAILED } from './failure'
import { withStorageUrls } from './storage-urls'

export const ACTIVITY_PAGE_SIZE = 20
export const ACTIVITY_LOAD_FAILED = FAILED.loadActivity
export const ACTIVITY_MARK_READ_FAILED = FAILED.markActivityRead

/** Where the next page starts: the last group of the page before. */
export interface ActivityCursor {
  latestAt: string
  groupKey: string
}

export interface ActivityPage {
  groups: ActivityGroup[]
  /** null when this was the last page. */
  next: ActivityCursor | null
}

export async function fetchActivityPage(
  client: SupabaseClient,
  cursor: ActivityCursor | null = null,
  pageSize: number = ACTIVITY_PAGE_SIZE
): Promise<ActivityPage> {
  const { data, error } = await client.rpc('activity_page', {
    before_latest_at: cursor?.latestAt ?? null,
    before_group_key: cursor?.groupKey ?? null,
    page_size: pageSize
  })
  if (error) throw new Error(messageOr(error, ACTIVITY_LOAD_FAILED))
  const groups = withStorageUrls(client, (data ?? []) as ActivityGroup[])
  const last = groups[groups.length - 1]
  return {
    groups,
    next:
      groups.length === pageSize && last
        ? { latestAt: last.latest_at, groupKey: last.group_key }
        : null
  }
}

/** How many notifications the user has not seen (the heart icon's dot). */
export async function countUnreadActivity(client: SupabaseClient): Promise<number> {
  const { count, error } = await client
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .is('read_at', null)
  if (error) throw new Error(messageOr(error, ACTIVITY_LOAD_FAILED))
  return count ?? 0
}

/**
 * Marks read what the panel showed: notifications created up to `upTo` (the newest shown
 * group's latest_at), or all when omitted. Returns how many changed.
 */
export async function markActivityRead(client: SupabaseClient, upTo?: string): Promise<number> {
  const { data, error } = await client.rpc('mark_activity_read', { up_to: upTo ?? null })
  if (error) throw new Error(messageOr(error, ACTIVITY_MARK_READ_FAILED))
  return Number(data ?? 0)
}

let subscriptionCount = 0

export interface ActivityListener {
  /** A notification for the user was just created. */
  onNotification(notification: Notification): void
  /** The channel (re-)joined after a gap: re-read with fetchActivityPage and countUnreadActivity. */
  onResync(): void
  /** The channel could not join or was closed by the server (e.g. the token expired). */
  onError?(message: string): void
}

/**
 * Listens for the user's new notifications. Returns the function that stops listening. The
 * filter keeps the server from even checking other users' rows; row-level security would
 * withhold them anyway.
 */
export function subscribeToActivity(
  client: SupabaseClient,
  userId: string,
  listener: ActivityListener
): () => Promise<void> {
  let joins = 0
  // realtime-js hands back the existing channel for a topic it already has, and that one
  // cannot take new listeners: every subscription gets a topic of its own.
  subscriptionCount += 1
  const channel: RealtimeChannel = client
    .channel(`activity:${userId}:${subscriptionCount}`)
    .on<Notification>(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'notifications',
        filter: `recipient_id=eq.${userId}`
      },
      (change) => listener.onNotification(change.new as Notification)
    )
    // The server explains a closed channel (an expired token, say) in a system message.
    .on('system', {}, (payload: { status?: string; message?: string }) => {
      if (payload.status === 'error')
        listener.onError?.(messageOr(payload.message, ACTIVITY_LOAD_FAILED))
    })
    .subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        joins += 1
        // The first join follows the caller's own first read; every later one closes a gap.
        if (joins > 1) listener.onResync()
      } else if (status === 'CHANNEL_ERROR' && error) {
        listener.onError?.(messageOr(error, ACTIVITY_LOAD_FAILED))
      }
    })
  return async () => {
    await client.removeChannel(channel)
  }
}
