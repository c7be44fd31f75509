// Photos go when their rows go. Deleting a post, a carousel photo or a story queues the object
// paths of its photos in the database (a trigger of the app's schema, so it holds for every
// client and for cascades from a deleted account alike). This job drains that queue through the
// API: as soon as Realtime tells it of a queued path, and on a short interval in case it missed
// one. So a deleted post's or story's photo stops being public within seconds, not at the next
// hourly sweep. (An expired story is not deleted: it stays in its author's archive.)
//
// The database says which queued paths a remaining row still shows (a post and its carousel's
// first photo are one object); those stay. A removal that fails is tried again on the next
// round; if the job stops first, the orphan sweep (orphans.ts) still finds the object
// unreferenced.

import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { removeObjects, type ObjectPath } from './storage-removal'

/** Paths taken from the queue per round trip. */
const BATCH = 200
/** How long the start waits for the Realtime subscription before relying on the interval. */
const SUBSCRIBE_TIMEOUT_MS = 10_000

export interface PhotoRemovals {
  /** What the interval does, now: drains the queue. Resolves with the `bucket/name` of every object removed. */
  run(): Promise<string[]>
  close(): Promise<void>
}

interface Taken extends ObjectPath {
  still_referenced: boolean
}

/** One pass over the queue, plus the paths whose removal failed before. */
async function drainQueue(admin: SupabaseClient, retry: ObjectPath[]): Promise<string[]> {
  const again = retry.splice(0)
  const first = await removeObjects(admin, again)
  const removed = [...first.removed]
  retry.push(...first.failed)
  for (;;) {
    const { data, error } = await admin.rpc('take_storage_removals', { max_count: BATCH })
    if (error) throw new Error(`take_storage_removals failed: ${error.message}`)
    const taken = (data ?? []) as Taken[]
    // Until a round finds the queue empty (a round's distinct paths may be fewer than it took).
    if (taken.length === 0) return removed
    const { removed: gone, failed } = await removeObjects(
      admin,
      taken.filter((path) => !path.still_referenced)
    )
    removed.push(...gone)
    retry.push(...failed)
  }
}

/** Resolves once the channel is joined, or after the timeout (the interval still drains). */
function subscribed(channel: RealtimeChannel, onJoined: () => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.warn('[housekeeping] no Realtime subscription to the removal queue yet')
      resolve()
    }, SUBSCRIBE_TIMEOUT_MS)
    channel.subscribe((status) => {
      if (status !== 'SUBSCRIBED') return
      clearTimeout(timer)
      resolve()
      // Also after a reconnect: whatever was queued while the socket was down.
      onJoined()
    })
  })
}

/**
 * Starts draining: once now, on every queued path Realtime reports and every `intervalMs`.
 * Runs never overlap; a signal during a run asks for one more run
 * after it.
 */
export async function startPhotoRemovals(
  admin: SupabaseClient,
  options: { intervalMs: number }
): Promise<PhotoRemovals> {
  const retry: ObjectPath[] = []
  let running: Promise<string[]> | null = null
  let again = false

  const drain = (): Promise<string[]> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      const removed: string[] = []
      do {
        again = false
        try {
          removed.push(...(await drainQueue(admin, retry)))
        } catch (error) {
          console.error('[housekeeping] removing the photos of deleted rows failed', error)
        }
      } while (again)
      return removed
    })().finally(() => {
      running = null
    })
    return running
  }

  const channel = admin
    .channel('housekeeping:storage-removals')
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'app_private', table: 'storage_removals' },
      () => void drain()
    )
  await subscribed(channel, () => void drain())
  const timer = setInterval(() => void drain(), options.intervalMs)
  timer.unref()
  await drain()

  return {
    run: drain,
    async close() {
      clearInterval(timer)
      await admin.removeChannel(channel)
      await running
    }
  }
}
