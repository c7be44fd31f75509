// DELETE /object/{bucket} with {prefixes} and DELETE /object/{bucket}/{key}.
// The DELETE … RETURNING runs as the caller, so rows the policies hide are skipped silently
// (an empty array, never an error); files go only after the rows are gone.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { findBucket } from './buckets'
import { fromPostgres, invalidRequest, noSuchKey, readStorageJson } from './errors'
import { asCaller, identifyCaller } from './identity'
import { storedKeySegments } from './keys'

const MAX_PREFIXES = 1000

interface DeletedRow {
  row: Record<string, unknown> & { name: string }
}

async function deleteRows(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  bucketId: string,
  names: string[]
): Promise<DeletedRow['row'][]> {
  const caller = await identifyCaller(context, request, 'strict')
  const bucket = await findBucket(context, bucketId)
  let rows: DeletedRow[]
  try {
    rows = await asCaller(context, caller, request, async (tx) => {
      const result = await tx.query<DeletedRow>(
        `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[])
         returning to_jsonb(o) - 'path_tokens' as row`,
        [bucket.id, names]
      )
      return result.rows
    })
  } catch (error) {
    throw fromPostgres(error) ?? error
  }
  const deleted = rows.map((r) => r.row)
  await removeStoredFiles(
    store,
    bucket.id,
    deleted.map((row) => row.name)
  )
  return deleted
}

/** After the rows are gone (committed): their files. */
export async function removeStoredFiles(
  store: ByteStore,
  bucketId: string,
  names: string[]
): Promise<void> {
  for (const name of names) {
    if (!storedKeySegments(name)) continue
    try {
      await store.remove(bucketId, name)
    } catch (error) {
      // The row is gone, so the object is gone for every client; only disk space is lost.
      console.error(`[storage] could not delete the file of ${bucketId}/${name}:`, error)
    }
  }
}

export async function handleRemoveMany(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  bucketId: string
): Promise<ApiResponse> {
  const body = readStorageJson(request)
  const prefixes = (body as { prefixes?: unknown }).prefixes
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > MAX_PREFIXES ||
    !prefixes.every((p) => typeof p === 'string')
  ) {
    throw invalidRequest(`body must have a prefixes array of 1 to ${MAX_PREFIXES} strings`)
  }
  const rows = await deleteRows(context, store, request, bucketId, prefixes as string[])
  return jsonResponse(200, rows)
}

export async function handleRemoveOne(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  bucketId: string,
  key: string
): Promise<ApiResponse> {
  const rows = await deleteRows(context, store, request, bucketId, [key])
  if (rows.length === 0) throw noSuchKey()
  return jsonResponse(200, { message: 'Successfully deleted' })
}
