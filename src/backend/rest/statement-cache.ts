// Repeated reads skip parsing, planning and SQL building. The statement a GET builds is a
// function of the schema cache, the path, the query string and the headers read here (Accept,
// Accept-Profile, Prefer, Range), never of the caller: row-level security applies in the
// database, and the role and claims travel beside the statement (db/as-role.ts). The app sends
// the same few URLs over and over (a feed page, a profile), so each schema cache keeps the last
// MAX_STATEMENTS built; a reloaded schema starts a new cache. Only successful builds are kept,
// and what is kept is never changed afterwards (the run only reads the SQL and its values).

import type { RestCall } from './run'
import type { SchemaCache } from './schema-types'

const MAX_STATEMENTS = 256

const built = new WeakMap<SchemaCache, Map<string, unknown>>()

/** Explain and counted reads are built afresh: rare, and their statements are priced again. */
function cacheable(call: RestCall): boolean {
  const { method } = call.request
  return (method === 'GET' || method === 'HEAD') && !call.explain && call.preferences.count === null
}

function keyOf(call: RestCall): string {
  const { method, url, headers } = call.request
  return [
    method,
    url.pathname,
    url.search,
    headers['accept'] ?? '',
    headers['accept-profile'] ?? '',
    headers['prefer'] ?? '',
    headers['range'] ?? ''
  ].join('\n')
}

/** What `build` returns for this request, built once per distinct request shape. */
export function reusedBuild<T>(call: RestCall, build: () => T): T {
  if (!cacheable(call)) return build()
  let statements = built.get(call.cache)
  if (!statements) built.set(call.cache, (statements = new Map()))
  const key = keyOf(call)
  const found = statements.get(key) as T | undefined
  if (found !== undefined) return found
  const value = build()
  // Oldest first out: a Map iterates in insertion order.
  if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string)
  statements.set(key, value)
  return value
}
