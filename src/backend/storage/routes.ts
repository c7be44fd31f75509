// The storage dispatcher's route table: each route is one line, a method list, a pattern and a
// handler. Patterns are slash-separated: a literal segment, `:name` (one decoded segment, a
// bucket id) or a final `*` (the rest, still percent-encoded, for parseObjectKey to check).
// Routes are tried most specific first (literal before `:name` before `*`, a pattern that ends
// before one that goes on), so a new line can go anywhere in the table.

import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse } from '../http/types'
import type { ByteStore } from './byte-store'
import { invalidKey, invalidRequest, noSuchBucket } from './errors'
import { parseObjectKey } from './keys'

export interface RouteCall {
  context: BackendContext
  store: ByteStore
  request: ApiRequest
  /** Decoded `:name` segments. */
  params: Record<string, string>
  /** What `*` matched, still encoded. */
  rest: string[]
  /** The `*` part as an object key (InvalidKey when it is not one). */
  key(): string
}

export interface Route {
  methods: readonly string[]
  pattern: string[]
  handle(call: RouteCall): Promise<ApiResponse>
}

export function route(
  methods: string | readonly string[],
  pattern: string,
  handle: Route['handle']
): Route {
  return {
    methods: typeof methods === 'string' ? [methods] : methods,
    pattern: pattern.split('/'),
    handle
  }
}

const PREFIX = '/storage/v1/'

/**
 * The request path split into raw (still encoded) segments. The path as sent is used, not the
 * parsed URL, because URL parsing resolves `..` and `%2e%2e`, which must be refused instead.
 */
function rawSegments(request: ApiRequest): string[] {
  const raw = request.rawPath?.startsWith('/') ? request.rawPath : request.url.pathname
  if (!raw.startsWith(PREFIX)) throw invalidKey(raw)
  return raw.slice(PREFIX.length).split('/')
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw noSuchBucket()
  }
}

// Specificity of one pattern position: higher is tried first.
const rank = (segment: string | undefined): number =>
  segment === undefined ? 3 : segment === '*' ? 0 : segment.startsWith(':') ? 1 : 2

function bySpecificity(a: Route, b: Route): number {
  for (let i = 0; i <= Math.max(a.pattern.length, b.pattern.length); i++) {
    const diff = rank(b.pattern[i]) - rank(a.pattern[i])
    if (diff !== 0) return diff
  }
  return 0
}

/** The params and rest when `segments` fit `pattern`; a pattern without `*` allows trailing `/`s. */
function match(
  pattern: string[],
  segments: string[]
): { params: Record<string, string>; rest: string[] } | null {
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]
    if (want === '*') return { params, rest: segments.slice(i) }
    const got = segments[i]
    if (got === undefined) return null
    if (want.startsWith(':')) {
      if (got === '') return null
      params[want.slice(1)] = decodeParam(got)
    } else if (got !== want) return null
  }
  return segments.slice(pattern.length).every((s) => s === '') ? { params, rest: [] } : null
}

/** A dispatcher over `routes`; an unmatched request is Storage's InvalidRequest. */
export function createRouter(
  routes: Route[]
): (context: BackendContext, store: ByteStore, request: ApiRequest) => Promise<ApiResponse> {
  const ordered = [...routes].sort(bySpecificity)
  return (context, store, request) => {
    const segments = rawSegments(request)
    for (const candidate of ordered) {
      if (!candidate.methods.includes(request.method)) continue
      const found = match(candidate.pattern, segments)
      if (!found) continue
      return candidate.handle({
        context,
        store,
        request,
        ...found,
        key: () => parseObjectKey(found.rest)
      })
    }
    throw invalidRequest(`No storage route for ${request.method} /${segments.join('/')}`)
  }
}
