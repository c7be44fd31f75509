// Resumable uploads at /upload/resumable, the TUS 1.0.0 protocol as hosted Storage serves it
// (creation, creation-with-upload, termination, expiration), so tus-js-client and the like can
// upload large photos over a connection that drops:
// - POST with Upload-Length and Upload-Metadata (bucketName, objectName, contentType,
//   cacheControl, metadata), x-upsert and the caller's token → 201 and a Location;
// - HEAD → Upload-Offset, how much arrived; PATCH (application/offset+octet-stream, at that
//   offset) appends; DELETE abandons.
// The caller's permission is asked (can-upload.ts) when the upload is created and with every
// chunk; the object row is written only when the last byte arrives, with every check a plain
// upload makes (size, type, image structure, policies). Until then the bytes are parts on disk
// (resumable-store.ts), within per-person caps (resumable-caps.ts); an upload no chunk reached
// for a while is abandoned: refused with 410, and removed with its parts by a sweep on a timer.

import { randomUUID } from 'node:crypto'
import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { findBucket } from './buckets'
import { checkCanUpload } from './can-upload'
import { StorageError } from './errors'
import { identifyCaller, type Caller } from './identity'
import {
  admitUpload,
  DEFAULT_RESUMABLE_LIMITS,
  holderOf,
  type ResumableLimits
} from './resumable-caps'
import { readCreation } from './resumable-creation'
import { createResumableStore, type ResumableUpload } from './resumable-store'
import {
  asTusError,
  checkTusVersion,
  integerHeader,
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

export interface ResumableUploads {
  handle(request: ApiRequest, rest: string[]): Promise<ApiResponse>
  /** Removes abandoned uploads with their parts now; the timer calls it every sweepEveryMs. */
  sweep(): Promise<number>
  /** Where the parts are, once there is a folder. */
  folder(): string | null
  /** Stops the sweep, waits for requests in progress and removes a temporary folder. */
  close(): Promise<void>
}

export interface ResumableOptions {
  /** Where the parts live: the config's resumableUploadDir by default (null: a temporary folder). */
  dir?: string | null
  limits?: ResumableLimits
  /** Epoch milliseconds; tests move it to make uploads abandoned. */
  now?: () => number
}

function uploadHeaders(upload: ResumableUpload): Record<string, string> {
  return {
    'upload-offset': String(upload.offset),
    'upload-expires': new Date(upload.expiresAt).toUTCString()
  }
}

export function createResumableUploads(
  context: BackendContext,
  objects: ByteStore,
  options: ResumableOptions = {}
): ResumableUploads {
  const dir = options.dir === undefined ? context.config.resumableUploadDir : options.dir
  const limits = options.limits ?? DEFAULT_RESUMABLE_LIMITS
  const now = options.now ?? Date.now
  const store = createResumableStore(dir)
  // One request at a time per upload: two PATCHes at the same offset must not both append, and
  // the sweep never removes an upload a chunk is being added to.
  const locks = new Map<string, Promise<unknown>>()
  const locked = <T>(id: string, work: () => Promise<T>): Promise<T> => {
    const run = (locks.get(id) ?? Promise.resolve()).then(work, work)
    const settled = run.catch(() => undefined)
    locks.set(id, settled)
    void settled.then(() => locks.get(id) === settled && locks.delete(id))
    return run
  }

  let sweeping: Promise<number> | null = null
  const sweep = (): Promise<number> => {
    sweeping ??= (async () => {
      const at = now()
      let removed = 0
      for (const id of await store.expired(at)) {
        await locked(id, async () => {
          const expiresAt = store.expiresAt(id)
          if (expiresAt === undefined || expiresAt > at) return
          await store.remove(id)
          removed++
        })
      }
      // Files a crash left without their upload's state.
      await store.removeStrays(at - limits.idleMs)
      return removed
    })().finally(() => (sweeping = null))
    return sweeping
  }
  const sweepInBackground = (): void => {
    sweep().catch((error) => console.error('[storage] resumable sweep failed', error))
  }
  let timer: NodeJS.Timeout | null = null
  let closed = false
  const startSweeping = (): void => {
    if (timer || closed) return
    timer = setInterval(sweepInBackground, limits.sweepEveryMs)
    // Never what keeps a process alive; close() stops it.
    timer.unref()
  }
  // A data folder may hold uploads an earlier run left: swept from the start. A temporary
  // folder is swept once the first request has come.
  if (dir) {
    sweepInBackground()
    startSweeping()
  }

  /** The caller's own live upload, or the tus answer for one that is not (404/410). */
  async function ownUpload(id: string, caller: Caller): Promise<ResumableUpload> {
    const upload = await store.get(id)
    if (!upload || upload.ownerSub !== (caller.identity.claims.sub ?? null)) {
      throw TUS_ERRORS.notFound()
    }
    // Abandoned: the sweep removes it (under the upload's lock).
    if (upload.expiresAt <= now()) throw TUS_ERRORS.gone()
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
    // Every chunk, even an empty one, moves the expiry on: only an idle upload is abandoned.
    const next = await store.append(upload, request.body, now() + limits.idleMs)
    if (next.offset < next.length) return tusResponse(204, uploadHeaders(next))
    await complete(next, caller, request)
    return tusResponse(204, { ...uploadHeaders(next), 'tus-complete': '1' })
  }

  async function create(request: ApiRequest, caller: Caller): Promise<ApiResponse> {
    const asked = readCreation(request)
    const { key, upsert, length } = asked
    const bucket = await checkCanUpload(context, caller, request, asked.bucketId, key, upsert)
    if (bucket.file_size_limit !== null && length > bucket.file_size_limit) {
      throw TUS_ERRORS.maxSizeExceeded()
    }
    const contentType = checkedMimeType(asked.contentType)
    // The type is checked now, so a refused upload is told before its bytes are sent.
    checkAllowedMimeType(bucket, contentType)
    const id = Buffer.from(`${bucket.id}/${key}/${randomUUID()}`).toString('base64url')
    const upload: ResumableUpload = {
      ...asked,
      id,
      bucketId: bucket.id,
      offset: 0,
      contentType,
      ownerSub: caller.identity.claims.sub ?? null,
      holder: holderOf(caller, request),
      expiresAt: now() + limits.idleMs
    }
    await store.create(upload, admitUpload(limits, length))
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
      startSweeping()
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
    },
    sweep,
    folder: () => store.folder(),
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      timer = null
      await sweeping?.catch(() => undefined)
      await Promise.all(locks.values())
      await store.close()
    }
  }
}
