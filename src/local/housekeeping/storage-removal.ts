// Removing objects the way any Supabase client does: through the Storage API, which deletes
// the row and the bytes (on a hosted project the bytes live in its object store, which SQL
// cannot reach).

import type { SupabaseClient } from '@supabase/supabase-js'

export interface ObjectPath {
  bucket_id: string
  name: string
}

export interface Removal {
  /** `bucket/name` of each object the Storage API removed. */
  removed: string[]
  /** The paths whose request failed, to try again later. */
  failed: ObjectPath[]
}

/** Removes `paths` with the service-role client, one request per bucket and batch. */
export async function removeObjects(
  admin: SupabaseClient,
  paths: readonly ObjectPath[]
): Promise<Removal> {
  const result: Removal = { removed: [], failed: [] }
  const byBucket = new Map<string, string[]>()
  for (const { bucket_id, name } of paths) {
    byBucket.set(bucket_id, [...(byBucket.get(bucket_id) ?? []), name])
  }
  for (const [bucket, names] of byBucket) {
    const { data, error } = await admin.storage.from(bucket).remove(names)
    if (error) {
      console.error(
        `[housekeeping] removing ${names.length} object(s) from ${bucket} failed`,
        error
      )
      result.failed.push(...names.map((name) => ({ bucket_id: bucket, name })))
      continue
    }
    // An object already gone (removed by its owner meanwhile) is simply not in the answer.
    const gone = new Set((data ?? []).map((object) => object.name))
    result.removed.push(
      ...names.filter((name) => gone.has(name)).map((name) => `${bucket}/${name}`)
    )
  }
  return result
}
