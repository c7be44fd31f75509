// Photos go when their rows go. Deleting a post, a carousel photo or a story queues the object
// paths of its photos in the database (a trigger of the app's schema, so it holds for
// every client, for cascades from a deleted account and for the story expiry alike) and
// NOTIFYs `storage_removals`. This job drains that queue as soon as it hears of it, and on a
// short interval in case a notification was missed; on the same interval it deletes the
// stories that expired, whose photos then go the same way. So a deleted post's photo and an
// expired story's photo stop being public within seconds, not at the next hourly sweep.
//
// The database says which queued paths a remaining row still shows (a post and its carousel's
// first photo are one object); those stay. A hosted project drains the same queue from a
// scheduled Edge Function (docs/stories-expiry.md). Paths taken here whose removal failed are
// left to the orphan sweep (sweep.ts), which finds every unreferenced object.

import type { BackendContext } from '../context'
import type { ByteStore } from './byte-store'
import { storedKeySegments } from './keys'
import { expireStories } from './sweep'

export const REMOVALS_CHANNEL = 'storage_removals'
/** Paths taken from the queue per round trip. */
const BATCH = 200

export interface PhotoRemovals {
  /**
   * What the interval does, now: deletes expired stories, then drains the queue. Resolves with
   * the `bucket/name` of every object removed.
   */
  run(): Promise<string[]>
  close(): Promise<void>
}

interface Taken {
  bucket_id: string
  name: string
  still_referenced: boolean
}

async function hasQueue(context: BackendContext): Promise<boolean> {
  const { rows } = await context.db.query<{ present: boolean }>(
    `select to_regprocedure('public.take_storage_removals(integer)') is not null as present`
  )
  return rows[0]?.present === true
}

/** One pass over the queue, as the database owner (the storage policies are for clients). */
async function drainQueue(context: BackendContext, store: ByteStore): Promise<string[]> {
  const removed: string[] = []
  for (;;) {
    const { rows } = await context.db.query<Taken>(
      'select bucket_id, name, still_referenced from public.take_storage_removals($1)',
      [BATCH]
    )
    const unreferenced = rows.filter((r) => !r.still_referenced)
    for (const bucket of new Set(unreferenced.map((r) => r.bucket_id))) {
      const names = unreferenced.filter((r) => r.bucket_id === bucket).map((r) => r.name)
      const deleted = await context.db.query<{ name: string }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning name`,
        [bucket, names]
      )
      for (const { name } of deleted.rows) {
        // The row is gone, so the object is gone for every client; a file left on disk (an
        // error here) is removed by the sweep's stray-file pass.
        if (storedKeySegments(name)) await store.remove(bucket, name).catch(() => undefined)
        removed.push(`${bucket}/${name}`)
      }
    }
    // Until a round finds the queue empty (a round's distinct paths may be fewer than it took).
    if (rows.length === 0) return removed
  }
}

/**
 * Starts draining: once now, on every notification and every `intervalMs` (which also expires
 * stories). Runs never overlap; a notification during a run asks for one more run after it.
 */
export async function startPhotoRemovals(
  context: BackendContext,
  store: ByteStore,
  options: { intervalMs: number }
): Promise<PhotoRemovals> {
  if (!(await hasQueue(context))) {
    // A schema without the queue (a generic Supabase-style project): the sweep does it all.
    return { run: async () => [], close: async () => undefined }
  }
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
          removed.push(...(await drainQueue(context, store)))
        } catch (error) {
          console.error('[storage] removing the photos of deleted rows failed', error)
        }
      } while (again)
      return removed
    })().finally(() => {
      running = null
    })
    return running
  }

  const run = async (): Promise<string[]> => {
    try {
      await expireStories(context)
    } catch (error) {
      console.error('[storage] expiring stories failed', error)
    }
    return drain()
  }

  const unlisten = await context.db.listen(REMOVALS_CHANNEL, () => void drain())
  const timer = setInterval(() => void run(), options.intervalMs)
  timer.unref()
  await run()

  return {
    run,
    async close() {
      clearInterval(timer)
      await unlisten()
      await running
    }
  }
}
