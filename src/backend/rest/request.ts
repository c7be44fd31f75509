// Reading the HTTP side of a REST request: the caller's identity, Prefer, Accept, profiles and
// the optional Range header.

import type { ApiRequest } from '../http/types'
import { bearerToken } from '../http/types'
import { identifyRequest, JwtError, type JwtKeys, type RequestIdentity } from '../jwt'
import { RestError } from './errors'
import { EXPOSED_SCHEMA } from './schema-cache'

export const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json'

export interface Preferences {
  representation: boolean
  count: boolean
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missingDefault: boolean
  /** `tx=rollback`: run the request, answer with its result, commit nothing. */
  rollback: boolean
}

/** Prefer arrives comma-joined ("resolution=merge-duplicates, return=representation"). */
export function parsePrefer(header: string | undefined): Preferences {
  const values = new Map<string, string>()
  for (const part of (header ?? '').split(',')) {
    const [key, value = ''] = part.trim().split('=')
    if (key) values.set(key.trim().toLowerCase(), value.trim().toLowerCase())
  }
  const resolution = values.get('resolution')
  return {
    representation: values.get('return') === 'representation',
    count: ['exact', 'planned', 'estimated'].includes(values.get('count') ?? ''),
    resolution:
      resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? resolution : null,
    missingDefault: values.get('missing') === 'default',
    rollback: values.get('tx') === 'rollback'
  }
}

export function wantsObject(request: ApiRequest): boolean {
  return (request.headers['accept'] ?? '').toLowerCase().includes(OBJECT_MEDIA_TYPE)
}

/** Only `public` is exposed; asking for another schema is PGRST106 (406). */
export function checkProfile(request: ApiRequest): void {
  const readOnly = request.method === 'GET' || request.method === 'HEAD'
  const profile = request.headers[readOnly ? 'accept-profile' : 'content-profile']
  if (profile !== undefined && profile.trim() !== EXPOSED_SCHEMA) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${profile.trim()}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`
    )
  }
}

/** `Range: 0-9` (items), which supabase-js v2 never sends but other clients may. */
export function parseRangeHeader(
  header: string | undefined
): { offset: number; limit: number | null } | null {
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec((header ?? '').trim())
  if (!match) return null
  const offset = Number(match[1])
  const end = match[2] === '' ? null : Number(match[2])
  if (!Number.isSafeInteger(offset) || (end !== null && !Number.isSafeInteger(end))) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The Range header must hold whole numbers no larger than 9007199254740991'
    )
  }
  const limit = end === null ? null : Math.max(end - offset + 1, 0)
  return { offset, limit }
}

/**
 * The role comes only from the bearer token, never from `apikey`. A non-JWT bearer equal to the
 * apikey (new `sb_publishable_…` keys) means anon. Bad tokens are 401 PGRST301 / PGRST303.
 */
export async function identify(keys: JwtKeys, request: ApiRequest): Promise<RequestIdentity> {
  const bearer = bearerToken(request)
  if (bearer && !bearer.includes('.') && bearer === request.headers['apikey']) {
    return identifyRequest(keys, null)
  }
  try {
    return await identifyRequest(keys, bearer)
  } catch (error) {
    if (error instanceof JwtError) {
      throw new RestError(401, error.expired ? 'PGRST303' : 'PGRST301', error.message)
    }
    throw error
  }
}
