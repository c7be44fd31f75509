// Resumable uploads at /upload/resumable, the TUS 1.0.0 protocol as hosted Storage serves it
// (creation, creation-with-upload, termination, expiration), so tus-js-client and the like can
// upload large photos over a connection that drops:
// - POST with Upload-Length and Upload-Metadata (bucketName, objectName, contentType,
//   cacheControl, metadata), x-upsert and the caller's token → 201 and a Location;
// - HEAD → Upload-Offset, how much arrived; PATCH (application/offset+octet-stream, at that
//   offset) appends; DELETE abandons.
// The caller's permission is asked (can-upload.ts) when the upload is created and with every
// chunk; the object row is written only when the last byte arrives, with every check a plain
// upload makes (size, type, image structure, policies). Until then the bytes are parts in the
// resumable store; uploads not completed within 24 hours are swept with their parts (at start,
// every 10 minutes, and refused with 410 if asked for before that).

import { randomUUID } from 'node:crypto'
import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { findBucket } from './buckets'
import { checkCanUpload } from './can-upload'
import { StorageError } from './errors'
import { identifyCaller, type Caller } from './identity'
import { parseObjectKey } from './keys'
import { createResumableStore, type ResumableUpload } from './resumable-store'
import {
  asTusError,
  checkTusVersion,
  integerHeader,
  parseUploadMetadata,
  TUS_CONTENT_TYPE,
  TUS_ERRORS,
  TusError,
  tusErrorResponse,
  tusResponse
} from './tus-protocol'
import {
  callerWriter,
  checkAgainstBucket,
  checkAllowedMimeType,
  writeObject,
  type UploadBody
} from './upload'
import { checkedMimeType } from './upload-fields'

/** How long an upload may stay incomplete. */
export const RESUMABLE_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000
/** Hosted's default upload limit, for buckets without their own. */
const GLOBAL_SIZE_LIMIT = 50 * 1024 * 1024
const SWEEP_EVERY_MS = 10 * 60 * 1000

export interface ResumableUploads {
  handle(request: ApiRequest, rest: string[]): Promise<ApiResponse>
}

function uploadHeaders(upload: ResumableUpload): Record<string, string> {
  return {
    'upload-offset': String(upload.offset),
    'upload-expires': new Date(upload.expiresAt).toUTCString()
  }
}

export function createResumableUploads(
  context: BackendContext,
  objects: ByteStore
): ResumableUploads {
  const store = createResumableStore(context.config.resumableUploadDir)
  let lastSweep = 0
  const sweep = (): void => {
    const now = Date.now()
    if (now - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = now
    store.sweep(now).catch((error) => console.error('[storage] resumable sweep failed', error))
  }
  sweep()
  // Also when no upload is in progress; the sweep touches only files, never the database, so a
  // timer outliving a closed backend costs nothing.
  setInterval(sweep, SWEEP_EVERY_MS).unref()
  // One request at a time per upload: two PATCHes at the same offset must not both append.
  const locks = new Map<string, Promise<unknown>>()
  const locked = <T>(id: string, work: () => Promise<T>): Promise<T> => {
    const run = (locks.get(id) ?? Promise.resolve()).then(work, work)
    const settled = run.catch(() => undefined)
    locks.set(id, settled)
    void settled.then(() => locks.get(id) === settled && locks.delete(id))
    return run
  }

  /** The caller's own live upload, or the tus answer for one that is not (404/410). */
  async function ownUpload(id: string, caller: Caller): Promise<ResumableUpload> {
    const upload = await store.get(id)
    if (!upload || upload.ownerSub !== (caller.identity.claims.sub ?? null)) {
      throw TUS_ERRORS.notFound()
    }
    if (upload.expiresAt <= Date.now()) {
      await store.remove(id)
      throw TUS_ERRORS.gone()
    }
    return upload
  }

  async function complete(upload: ResumableUpload, caller: Caller, request: ApiRequest) {
    try {
      const bucket = await findBucket(context, upload.bucketId)
      const body: UploadBody = {
        bytes: await store.bytes(upload),
        mimetype: upload.contentType,
        cacheControl: upload.cacheControl,
        userMetadata: upload.userMetadata
      }
      checkAgainstBucket(bucket, body)
      await writeObject(objects, callerWriter(context, caller, request), {
        bucket,
        key: upload.key,
        body,
        ownerSub: upload.ownerSub,
        upsert: upload.upsert
      })
    } finally {
      // Done, or refused for good (the same bytes would be refused again): the parts go.
      await store.remove(upload.id)
    }
  }

  async function append(
    upload: ResumableUpload,
    caller: Caller,
    request: ApiRequest
  ): Promise<ApiResponse> {
    if (upload.offset + request.body.byteLength > upload.length) throw TUS_ERRORS.sizeExceeded()
    const next = request.body.byteLength > 0 ? await store.append(upload, request.body) : upload
    if (next.offset < next.length) return tusResponse(204, uploadHeaders(next))
    await complete(next, caller, request)
    return tusResponse(204, { ...uploadHeaders(next), 'tus-complete': '1' })
  }

  async function create(request: ApiRequest, caller: Caller): Promise<ApiResponse> {
    const length = integerHeader(request.headers['upload-length'])
    if (length === null) throw TUS_ERRORS.invalidLength()
    const rawMetadata = request.headers['upload-metadata']
    if (rawMetadata === undefined) throw TUS_ERRORS.metadataRequired()
    const metadata = parseUploadMetadata(rawMetadata)
    if (length > GLOBAL_SIZE_LIMIT) throw TUS_ERRORS.maxSizeExceeded()
    const bucketId = metadata.bucketName ?? ''
    const objectName = metadata.objectName ?? ''
    const key = parseObjectKey(objectName.split('/').map(encodeURIComponent))
    const upsert = (request.headers['x-upsert'] ?? '').toLowerCase() === 'true'
    const bucket = await checkCanUpload(context, caller, request, bucketId, key, upsert)
    if (bucket.file_size_limit !== null && length > bucket.file_size_limit) {
      throw TUS_ERRORS.maxSizeExceeded()
    }
    const contentType = checkedMimeType(metadata.contentType || 'application/octet-stream')
    // The type is checked now, so a refused upload is told before its bytes are sent.
    checkAllowedMimeType(bucket, contentType)
    let userMetadata: Record<string, unknown> | null = null
    try {
      const parsed: unknown = metadata.metadata ? JSON.parse(metadata.metadata) : null
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        userMetadata = parsed as Record<string, unknown>
      }
    } catch {
      // As hosted: custom metadata that is not JSON is ignored.
    }
    const id = Buffer.from(`${bucket.id}/${key}/${randomUUID()}`).toString('base64url')
    const upload: ResumableUpload = {
      id,
      bucketId: bucket.id,
      key,
      length,
      offset: 0,
      rawMetadata,
      contentType,
      cacheControl: /^-?\d+$/.test(metadata.cacheControl ?? '')
        ? `max-age=${metadata.cacheControl}`
        : 'no-cache',
      userMetadata,
      upsert,
      ownerSub: caller.identity.claims.sub ?? null,
      expiresAt: Date.now() + RESUMABLE_UPLOAD_TTL_MS
    }
    await store.create(upload)
    const host = request.headers['host']
    const origin = host ? `http://${host}` : context.publicUrl()
    const location = { location: `${origin}/storage/v1/upload/resumable/${id}` }
    // creation-with-upload: the first chunk may come with the POST.
    const withData =
      request.body.byteLength > 0 && request.headers['content-type'] === TUS_CONTENT_TYPE
    if (!withData) return tusResponse(201, { ...location, ...uploadHeaders(upload) })
    const answer = await locked(id, () => append(upload, caller, request))
    return { ...answer, status: 201, headers: { ...answer.headers, ...location } }
  }

  async function patch(request: ApiRequest, caller: Caller, id: string): Promise<ApiResponse> {
    if (request.headers['content-type'] !== TUS_CONTENT_TYPE) {
      throw TUS_ERRORS.invalidContentType()
    }
    const offset = integerHeader(request.headers['upload-offset'])
    if (offset === null) throw TUS_ERRORS.missingOffset()
    return locked(id, async () => {
      const upload = await ownUpload(id, caller)
      await checkCanUpload(context, caller, request, upload.bucketId, upload.key, upload.upsert)
      if (offset !== upload.offset) throw TUS_ERRORS.invalidOffset()
      return append(upload, caller, request)
    })
  }

  async function dispatch(request: ApiRequest, rest: string[], caller: Caller) {
    const id = rest.filter((s) => s !== '')
    if (id.length === 0) {
      if (request.method === 'POST') return create(request, caller)
      throw TUS_ERRORS.notFound()
    }
    if (id.length > 1) throw TUS_ERRORS.notFound()
    switch (request.method) {
      case 'HEAD': {
        const upload = await ownUpload(id[0], caller)
        return tusResponse(200, {
          ...uploadHeaders(upload),
          'upload-length': String(upload.length),
          'upload-metadata': upload.rawMetadata,
          'cache-control': 'no-store'
        })
      }
      case 'PATCH':
        return patch(request, caller, id[0])
      case 'DELETE':
        return locked(id[0], async () => {
          await ownUpload(id[0], caller)
          await store.remove(id[0])
          return tusResponse(204)
        })
      default:
        throw TUS_ERRORS.notFound()
    }
  }

  return {
    async handle(request, rest) {
      sweep()
      try {
        checkTusVersion(request.headers['tus-resumable'])
      } catch (error) {
        return tusErrorResponse(error as TusError)
      }
      // A missing or bad token is refused before the tus server, in Storage's JSON form.
      const caller = await identifyCaller(context, request, 'strict')
      try {
        return await dispatch(request, rest, caller)
      } catch (error) {
        if (error instanceof TusError) return tusErrorResponse(error)
        if (error instanceof StorageError) return tusErrorResponse(asTusError(error))
        throw error
      }
    }
  }
}
