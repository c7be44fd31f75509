// The app's housekeeping on its local backend: what a hosted project runs as scheduled Edge
// Functions (docs/stories-expiry.md), run here beside the backend with the service-role key and
// nothing but supabase-js. At start and hourly, the orphan sweep (orphans.ts); all the time, the
// photo removal queue (removals.ts).

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { WebSocket } from 'ws'
import { sweepOrphanedUploads, type OrphanSweep } from './orphans'
import { startPhotoRemovals } from './removals'

export interface HousekeepingOptions {
  url: string
  serviceRoleKey: string
  /**
   * Unreferenced uploads older than this are removed; younger ones may still get their row.
   * Negative turns the orphan sweep off.
   */
  graceMinutes: number
  /** How often the queue is drained without a Realtime signal. */
  intervalMs: number
  /** How often the orphan sweep runs after the one at start. */
  sweepIntervalMs?: number
}

export interface Housekeeping {
  /** Drains the removal queue now; the `bucket/name` of what went. */
  run(): Promise<string[]>
  /** The orphan sweep, now. */
  sweep(): Promise<OrphanSweep>
  close(): Promise<void>
}

export const DEFAULT_HOUSEKEEPING = {
  graceMinutes: 10,
  intervalMs: 10_000,
  sweepIntervalMs: 60 * 60 * 1000
}

/** supabase-js as the service role, in Node: no stored session, `ws` for Realtime. */
function serviceClient(url: string, serviceRoleKey: string): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never }
  })
}

export async function startHousekeeping(options: HousekeepingOptions): Promise<Housekeeping> {
  const admin = serviceClient(options.url, options.serviceRoleKey)
  const sweep = (): Promise<OrphanSweep> =>
    sweepOrphanedUploads(admin, { graceMinutes: options.graceMinutes })
  const sweepQuietly = async (): Promise<void> => {
    if (options.graceMinutes < 0) return
    try {
      const report = await sweep()
      if (report.orphanedObjects.length > 0) {
        console.warn(
          `[housekeeping] removed ${report.orphanedObjects.length} unreferenced upload(s)`
        )
      }
    } catch (error) {
      // Never a reason not to start: orphans only cost disk space until the next sweep.
      console.error('[housekeeping] orphan sweep failed', error)
    }
  }
  await sweepQuietly()
  const sweepTimer = setInterval(
    () => void sweepQuietly(),
    options.sweepIntervalMs ?? DEFAULT_HOUSEKEEPING.sweepIntervalMs
  )
  sweepTimer.unref()
  const removals = await startPhotoRemovals(admin, { intervalMs: options.intervalMs })
  return {
    run: removals.run,
    sweep,
    async close() {
      clearInterval(sweepTimer)
      await removals.close()
      await admin.removeAllChannels()
      admin.realtime.disconnect()
    }
  }
}
