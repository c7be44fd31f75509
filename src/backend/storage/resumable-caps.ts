// How much one person may have in progress as resumable uploads, and when an upload counts as
// abandoned. Parts live on disk (resumable-store.ts), so these bound the disk one person can
// hold, not memory: uploads created and never finished count against their creator until they
// complete, are cancelled (DELETE) or are swept as abandoned.

import type { ApiRequest } from '../http/types'
import type { Caller } from './identity'
import type { HolderUsage } from './resumable-store'
import { TusError } from './tus-protocol'

export interface ResumableLimits {
  /** Uploads one person may have in progress at once; the next is refused with 429. */
  uploadsPerHolder: number
  /** Declared bytes (Upload-Length) of one person's uploads in progress; past it, 413. */
  bytesPerHolder: number
  /** An upload no chunk reached for this long is abandoned: 410 when asked for, then swept. */
  idleMs: number
  /** How often abandoned uploads are swept; with idleMs, the longest an abandoned one stays. */
  sweepEveryMs: number
}

const MB = 1024 * 1024
const MINUTE = 60 * 1000

/**
 * Twenty uploads or 100 MB in progress: a ten-photo carousel of 10 MB photos fits whole, and an
 * abandoned upload is gone within 30 + 10 minutes.
 */
export const DEFAULT_RESUMABLE_LIMITS: ResumableLimits = {
  uploadsPerHolder: 20,
  bytesPerHolder: 100 * MB,
  idleMs: 30 * MINUTE,
  sweepEveryMs: 10 * MINUTE
}

/**
 * Whom an upload counts against: the signed-in person (the token's `sub`), or, for a key without
 * one (anon, service_role), that role from that address.
 */
export function holderOf(caller: Caller, request: ApiRequest): string {
  const sub = caller.identity.claims.sub
  return sub ? `sub:${sub}` : `${caller.identity.role}@${request.remoteAddress}`
}

/** Refuses an upload of `length` bytes that would take its holder past the limits. */
export function admitUpload(limits: ResumableLimits, length: number): (usage: HolderUsage) => void {
  return (usage) => {
    if (usage.uploads >= limits.uploadsPerHolder) {
      throw new TusError(
        429,
        `Too many uploads in progress (at most ${limits.uploadsPerHolder}): ` +
          'finish or cancel one first\n'
      )
    }
    if (usage.bytes + length > limits.bytesPerHolder) {
      throw new TusError(
        413,
        `Uploads in progress would exceed ${Math.floor(limits.bytesPerHolder / MB)} MB: ` +
          'finish or cancel one first\n'
      )
    }
  }
}
