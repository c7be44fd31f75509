// POST /object/move and /object/copy (storage-js `move`, `copy`), with hosted Storage's checks:
// the caller must see the source (SELECT policy) and may write the destination (move: the
// UPDATE policy, for the row as it is and as it will be; copy: INSERT, plus SELECT and UPDATE
// with x-upsert). The caller becomes the owner of the result. The row changes as the caller's
// role and the bytes are published inside that transaction, so a refusal leaves no file behind.

import { randomUUID } from 'node:crypto'
import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { isPostgresError } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import type { ByteStore, StagedObject } from './byte-store'
import {
  fromPostgres,
  invalidKey,
  invalidRequest,
  noSuchKey,
  readStorageJson,
  StorageError
} from './errors'
import { asCaller, identifyCaller, ownerOf, type Caller } from './identity'
import { storedKeySegments } from './keys'
import { removeStoredFiles } from './remove'
import { userMetadataHeader } from './upload'
import { upsertHeader } from './upload-fields'

interface Transfer {
  bucketId: string
  sourceKey: string
  destinationBucket: string
  destinationKey: string
  metadata: { cacheControl?: string; mimetype?: string } | null
  copyMetadata: boolean
}

function readTransfer(request: ApiRequest): Transfer {
  const body = readStorageJson(request) as Record<string, unknown>
  for (const field of ['bucketId', 'sourceKey', 'destinationKey']) {
    if (typeof body[field] !== 'string') {
      throw invalidRequest(`body must have required property '${field}'`)
    }
  }
  const destinationKey = body.destinationKey as string
  if (!storedKeySegments(destinationKey)) throw invalidKey(destinationKey)
  const metadata = body.metadata && typeof body.metadata === 'object' ? body.metadata : null
  return {
    bucketId: body.bucketId as string,
    sourceKey: body.sourceKey as string,
    destinationBucket:
      typeof body.destinationBucket === 'string' && body.destinationBucket
        ? body.destinationBucket
        : (body.bucketId as string),
    destinationKey,
    metadata: metadata as Transfer['metadata'],
    copyMetadata: body.copyMetadata !== false
  }
}

/** A write refused by the database, in Storage's words. */
function refusal(error: unknown): unknown {
  if (!isPostgresError(error)) return error
  if (error.code === '23505') {
    return new StorageError(
      '409',
      'ResourceAlreadyExists',
      'Duplicate',
      'The resource already exists'
    )
  }
  // The destination bucket does not exist (objects.bucket_id references buckets).
  if (error.code === '23503') {
    return new StorageError(
      '404',
      'InvalidRequest',
      'InvalidRequest',
      'The related resource does not exist'
    )
  }
  return fromPostgres(error) ?? error
}

interface SourceRow {
  metadata: Record<string, unknown> | null
  user_metadata: Record<string, unknown> | null
}

async function visibleSource(tx: Queryable, t: Transfer): Promise<SourceRow> {
  const { rows } = await tx.query<SourceRow>(
    `select metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2`,
    [t.bucketId, t.sourceKey]
  )
  if (!rows[0]) throw noSuchKey()
  return rows[0]
}

/** Runs `write` as the caller with the source's bytes staged at the destination. */
async function withStagedCopy<T>(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest,
  caller: Caller,
  t: Transfer,
  write: (tx: Queryable, source: SourceRow) => Promise<T>
): Promise<T> {
  let staged: StagedObject | null = null
  try {
    const result = await asCaller(context, caller, request, async (tx) => {
      const value = await write(tx, await visibleSource(tx, t))
      const bytes = storedKeySegments(t.sourceKey) && (await store.read(t.bucketId, t.sourceKey))
      if (!bytes) {
        console.error(`[storage] object ${t.bucketId}/${t.sourceKey} has a row but no bytes`)
        throw noSuchKey()
      }
      staged = await store.stage(t.destinationBucket, t.destinationKey, bytes)
      await staged.publish()
      return value
    })
    await (staged as StagedObject | null)?.finish()
    return result
  } catch (error) {
    await (staged as StagedObject | null)?.rollback()
    throw refusal(error)
  }
}

export async function handleMove(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const t = readTransfer(request)
  const owner = ownerOf(caller)
  const same = t.bucketId === t.destinationBucket && t.sourceKey === t.destinationKey
  await withStagedCopy(context, store, request, caller, t, async (tx) => {
    const { rowCount } = await tx.query(
      `update storage.objects
          set bucket_id = $3, name = $4, owner = $5, owner_id = $6, version = $7,
              updated_at = now()
        where bucket_id = $1 and name = $2`,
      [
        t.bucketId,
        t.sourceKey,
        t.destinationBucket,
        t.destinationKey,
        owner.uuid,
        owner.id,
        randomUUID()
      ]
    )
    // Visible but not covered by the UPDATE policy: the row is not the caller's to move.
    if (rowCount === 0) throw noSuchKey()
  })
  if (!same) await removeStoredFiles(store, t.bucketId, [t.sourceKey])
  return jsonResponse(200, { message: 'Successfully moved' })
}

export async function handleCopy(
  context: BackendContext,
  store: ByteStore,
  request: ApiRequest
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const t = readTransfer(request)
  const owner = ownerOf(caller)
  const upsert = upsertHeader(request)
  const headerMetadata = userMetadataHeader(request)
  const row = await withStagedCopy(context, store, request, caller, t, async (tx, source) => {
    const metadata = t.copyMetadata ? source.metadata : { ...source.metadata, ...t.metadata }
    const userMetadata = t.copyMetadata ? source.user_metadata : headerMetadata
    const params = [
      randomUUID(),
      t.destinationBucket,
      t.destinationKey,
      owner.uuid,
      owner.id,
      JSON.stringify({ ...metadata, lastModified: new Date().toISOString() }),
      userMetadata ? JSON.stringify(userMetadata) : null,
      randomUUID()
    ]
    // As an upload: a plain copy needs only the INSERT policy (no RETURNING), an upsert also
    // SELECT and UPDATE (and keeps the existing row's id).
    const { rows } = await tx.query<{ id: string }>(
      `insert into storage.objects
         (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)
       ${
         upsert
           ? `on conflict (bucket_id, name) do update
                set owner = excluded.owner, owner_id = excluded.owner_id,
                    metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                    version = excluded.version, updated_at = now(), last_accessed_at = now()
              returning id`
           : ''
       }`,
      params
    )
    return { id: rows[0]?.id ?? params[0], version: params[7], metadata, userMetadata }
  })
  return jsonResponse(200, {
    Id: row.id,
    Key: `${t.destinationBucket}/${t.destinationKey}`,
    id: row.id,
    bucket_id: t.destinationBucket,
    name: t.destinationKey,
    owner: owner.uuid,
    owner_id: owner.id,
    version: row.version,
    metadata: row.metadata,
    user_metadata: row.userMetadata
  })
}
