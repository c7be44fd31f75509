// Storage's `canUpload`: whether the caller may write an object, asked before any bytes move
// (signing an upload URL, creating a resumable upload, each of its chunks). The row's INSERT
// (or upsert) runs as the caller's role in a transaction that is always rolled back, so the
// storage policies answer exactly as they will for the real write.

import { randomUUID } from 'node:crypto'
import type { BackendContext } from '../context'
import type { ApiRequest } from '../http/types'
import { findBucket, type Bucket } from './buckets'
import { fromPostgres } from './errors'
import { asCaller, ownerOf, type Caller } from './identity'
import { insertObjectRow } from './upload'

class TrialRollback extends Error {}

/** The bucket (looked up as superuser: NoSuchBucket) once the trial write is allowed. */
export async function checkCanUpload(
  context: BackendContext,
  caller: Caller,
  request: ApiRequest,
  bucketId: string,
  key: string,
  upsert: boolean
): Promise<Bucket> {
  const bucket = await findBucket(context, bucketId)
  const owner = ownerOf(caller)
  const params = [randomUUID(), bucket.id, key, owner.uuid, owner.id, '{}', null, randomUUID()]
  try {
    await asCaller(context, caller, request, async (tx) => {
      await insertObjectRow(tx, params, upsert)
      throw new TrialRollback()
    })
  } catch (error) {
    if (error instanceof TrialRollback) return bucket
    throw fromPostgres(error) ?? error
  }
  return bucket
}
