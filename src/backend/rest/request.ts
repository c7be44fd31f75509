// Reading the HTTP side of a REST request: the caller's identity, Prefer, Accept, profiles and
// the optional Range header.

import type { ApiRequest } from '../http/types'
import { bearerToken } from '../http/types'
import { identifyRequest, JwtError, type JwtKeys, type RequestIdentity } from '../jwt'
import { RestError } from './errors'

export const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json'

export type CountMode = 'exact' | 'planned' | 'estimated'

export interface Preferences {
  representation: boolean
  count: CountMode | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missingDefault: boolean
  /** `tx=rollback`: run the request, answer with its result, commit nothing. */
  rollback: boolean
  /** The recognised preferences as sent (`missing=default`), echoed in Preference-Applied. */
  given: Partial<Record<AppliedPreference, string>>
}

/** Preference-Applied lists these, in this order, as PostgREST 12 does. */
export const APPLIED_ORDER = ['resolution', 'missing', 'return', 'count', 'tx'] as const
export type AppliedPreference = (typeof APPLIED_ORDER)[number]

const RECOGNISED: Record<AppliedPreference, string[]> = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback']
}

/** `Preference-Applied` for the given kinds of preference the request sent, or null. */
export function preferenceApplied(
  preferences: Preferences,
  kinds: readonly AppliedPreference[]
): string | null {
  const applied = APPLIED_ORDER.filter((kind) => kinds.includes(kind)).flatMap((kind) => {
    const value = preferences.given[kind]
    return value === undefined ? [] : [`${kind}=${value}`]
  })
  return applied.length > 0 ? applied.join(', ') : null
}

/** Prefer arrives comma-joined ("resolution=merge-duplicates, return=representation"). */
export function parsePrefer(header: string | undefined): Preferences {
  const values = new Map<string, string>()
  for (const part of (header ?? '').split(',')) {
    const [key, value = ''] = part.trim().split('=')
    if (key) values.set(key.trim().toLowerCase(), value.trim().toLowerCase())
  }
  const resolution = values.get('resolution')
  const count = values.get('count')
  const given: Preferences['given'] = {}
  for (const kind of APPLIED_ORDER) {
    const value = values.get(kind)
    if (value !== undefined && RECOGNISED[kind].includes(value)) given[kind] = value
  }
  return {
    given,
    representation: values.get('return') === 'representation',
    count: count === 'exact' || count === 'planned' || count === 'estimated' ? count : null,
    resolution:
      resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? resolution : null,
    missingDefault: values.get('missing') === 'default',
    rollback: values.get('tx') === 'rollback'
  }
}

/** Accept asks for one object (single()), directly or as the `for` of a plan. */
export function wantsObject(request: ApiRequest, explain: ExplainMedia | null): boolean {
  if (explain) return explain.for === OBJECT_MEDIA_TYPE
  return (request.headers['accept'] ?? '').toLowerCase().includes(OBJECT_MEDIA_TYPE)
}

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const
export type PlanOption = (typeof PLAN_OPTIONS)[number]

/** `Accept: application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose`. */
export interface ExplainMedia {
  format: 'json' | 'text'
  /** The media type whose query is explained, as PostgREST names it. */
  for: string
  options: PlanOption[]
}

const PLAN_FORMATS: Record<string, ExplainMedia['format']> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json'
}

/** The `for` media type as PostgREST 12 prints it back (its MediaType's toMime). */
function planTarget(value: string): string {
  const type = value.replace(/^"|"$/g, '').split(';')[0].trim().toLowerCase()
  if (type === 'application/vnd.pgrst.object' || type === OBJECT_MEDIA_TYPE) {
    return OBJECT_MEDIA_TYPE
  }
  if (type === 'application/vnd.pgrst.array' || type === 'application/vnd.pgrst.array+json') {
    return 'application/json'
  }
  return type
}

/** The plan media type asked for by supabase-js explain(), or null for any other Accept. */
export function explainMedia(request: ApiRequest): ExplainMedia | null {
  for (const range of (request.headers['accept'] ?? '').split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim())
    const format = PLAN_FORMATS[type.toLowerCase()]
    if (!format) continue
    const parameter = (name: string): string | undefined =>
      parameters.find((p) => p.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1)
    const options = (parameter('options') ?? '').toLowerCase().split('|')
    return {
      format,
      for: planTarget(parameter('for') ?? 'application/json'),
      options: PLAN_OPTIONS.filter((option) => options.includes(option))
    }
  }
  return null
}

/** The plan media type as PostgREST prints it in Content-Type and in PGRST107. */
export function planMediaType(media: ExplainMedia): string {
  const options = media.options.length > 0 ? `; options=${media.options.join('|')}` : ''
  return `application/vnd.pgrst.plan+${media.format}; for="${media.for}"${options}`
}

/** PGRST107 (406), as PostgREST 12 answers an Accept it cannot produce. */
export function mediaTypeUnavailable(types: string): RestError {
  return new RestError(406, 'PGRST107', `None of these media types are available: ${types}`)
}

export const CSV_MEDIA_TYPE = 'text/csv'
const JSON_MEDIA_TYPES = [
  '*/*',
  'application/*',
  'application/json',
  'application/vnd.pgrst.array+json',
  OBJECT_MEDIA_TYPE
]

/** JSON, JSON without null-valued keys (`nulls=stripped`, supabase-js stripNulls()), or CSV. */
export type MediaFormat = 'json' | 'json-stripped' | 'csv'

/**
 * The body format the Accept header asks for. Anything this server cannot produce is PGRST107
 * (406), as PostgREST answers media types it does not have.
 */
export function responseFormat(request: ApiRequest, explain: ExplainMedia | null): MediaFormat {
  if (explain) {
    // A plan is of the query that answers the `for` media type.
    if (explain.for === CSV_MEDIA_TYPE) return 'csv'
    if (JSON_MEDIA_TYPES.includes(explain.for)) return 'json'
    throw mediaTypeUnavailable(planMediaType(explain))
  }
  const accept = (request.headers['accept'] ?? '').trim()
  if (accept === '') return 'json'
  const ranges = accept.split(',').map((part) => {
    const [type, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
    return { type, stripped: parameters.includes('nulls=stripped') }
  })
  for (const { type, stripped } of ranges) {
    if (!JSON_MEDIA_TYPES.includes(type)) continue
    return stripped && type.startsWith('application/vnd.pgrst.') ? 'json-stripped' : 'json'
  }
  if (ranges.some((range) => range.type === CSV_MEDIA_TYPE)) return 'csv'
  throw mediaTypeUnavailable(accept)
}

/** What a request's Accept and Prefer headers ask for: the same few pairs arrive again and again. */
export interface RequestShape {
  preferences: Preferences
  single: boolean
  format: MediaFormat
  explain: ExplainMedia | null
}

const shapes = new Map<string, RequestShape>()
const MAX_SHAPES = 64

/**
 * The request's preferences, media type and plan request, read once per distinct Accept and
 * Prefer pair (nothing else goes into them). A pair that is refused is not kept; nothing kept is
 * changed afterwards.
 */
export function requestShape(request: ApiRequest): RequestShape {
  const { accept, prefer } = request.headers
  const key = `${accept ?? ''}\n${prefer ?? ''}`
  const known = shapes.get(key)
  if (known) return known
  const explain = explainMedia(request)
  const shape = {
    preferences: parsePrefer(prefer),
    single: wantsObject(request, explain),
    format: responseFormat(request, explain),
    explain
  }
  if (shapes.size >= MAX_SHAPES) shapes.clear()
  shapes.set(key, shape)
  return shape
}

/**
 * The schema a request is for: Accept-Profile (reads) or Content-Profile (writes), one of the
 * configured schemas, the first by default. Any other is PGRST106 (406).
 */
export function requestSchema(request: ApiRequest, schemas: string[]): string {
  const readOnly = request.method === 'GET' || request.method === 'HEAD'
  const profile = request.headers[readOnly ? 'accept-profile' : 'content-profile']?.trim()
  if (profile === undefined || profile === '') return schemas[0]
  if (!schemas.includes(profile)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`
    )
  }
  return profile
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
