// Orphaned uploads: creating a post is two requests, an upload and then the insert; when the
// insert fails the client removes the upload (src/shared/data/posts.ts), but that cannot run
// when the client or the backend dies in between. Likewise an avatar whose profile update never
// happened, and a story photo whose row is gone (expired stories keep theirs: they stay in the archive). The database lists what nothing references
// once older than the grace period (`orphaned_uploads`); they go through the Storage API.

import type { SupabaseClient } from '@supabase/supabase-js'
import { removeObjects, type ObjectPath } from './storage-removal'

/** What `orphaned_uploads` answers at most per call. */
const BATCH = 1000

export interface OrphanSweep {
  /** `bucket/name` of each unreferenced upload removed. */
  orphanedObjects: string[]
}

/** One sweep: every unreferenced upload older than `graceMinutes`. */
export async function sweepOrphanedUploads(
  admin: SupabaseClient,
  options: { graceMinutes: number }
): Promise<OrphanSweep> {
  const orphanedObjects: string[] = []
  const graceSeconds = Math.max(0, Math.round(options.graceMinutes * 60))
  for (;;) {
    const { data, error } = await admin.rpc('orphaned_uploads', {
      grace_seconds: graceSeconds,
      max_count: BATCH
    })
    if (error) throw new Error(`orphaned_uploads failed: ${error.message}`)
    const orphans = (data ?? []) as ObjectPath[]
    const { removed } = await removeObjects(admin, orphans)
    orphanedObjects.push(...removed)
    // A full batch may have more behind it, unless nothing of it could go (an outage): the next
    // sweep tries again rather than asking for the same batch forever.
    if (orphans.length < BATCH || removed.length === 0) break
  }
  return { orphanedObjects }
}
