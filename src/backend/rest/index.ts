// The PostgREST-compatible API at /rest/v1: tables and views of `public`, and
// rpc for its functions. Module map:
//   schema-cache.ts   what exists (tables, columns, keys, foreign keys, functions)
//   parse-query.ts    select / filter / order grammar → AST
//   build-*.ts        AST → one SQL statement (identifiers quoted, values bound)
//   handler.ts        running it under the caller's role and shaping the response
//   request.ts, errors.ts   headers in, PostgREST error bodies out
//
// The schema cache is loaded on the first request. Call `reload()` on the returned API after
// changing the schema (PostgREST's `NOTIFY pgrst, 'reload schema'`); a request for a table the
// cache does not know also triggers a reload, at most once every few seconds.

import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse, Handler } from '../http/types'
import type { ApiRole, RequestIdentity } from '../jwt'
import { errorToResponse, RestError, unknownTable } from './errors'
import { handleRead, handleRpc, handleWrite, type RestCall } from './handler'
import { checkProfile, identify, parsePrefer, wantsObject } from './request'
import { loadSchemaCache, type SchemaCache, type Table } from './schema-cache'

export { loadSchemaCache, type SchemaCache } from './schema-cache'

export interface RestApi extends Handler {
  /** Re-reads the schema cache from pg_catalog. */
  reload(): Promise<void>
}

const PREFIX = '/rest/v1/'
/** Unknown names reload the cache at most this often, so they cannot hammer pg_catalog. */
const MISS_RELOAD_INTERVAL_MS = 5_000

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new RestError(400, 'PGRST125', 'Invalid path specified in request URL')
  }
}

function methodNotAllowed(method: string): RestError {
  return new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
}

export function createRestApi(context: BackendContext): RestApi {
  let cache: Promise<SchemaCache> | null = null
  let loadedAt = 0

  const reload = (): Promise<SchemaCache> => {
    loadedAt = Date.now()
    const loading = loadSchemaCache(context.db)
    cache = loading
    // A failed load is not cached: the next request tries again.
    loading.catch(() => {
      if (cache === loading) cache = null
    })
    return loading
  }
  const current = (): Promise<SchemaCache> => cache ?? reload()

  /** Looks a name up, reloading once when it is missing (the schema may have changed). */
  async function lookup<T>(
    find: (schema: SchemaCache) => T | undefined
  ): Promise<[SchemaCache, T | undefined]> {
    let schema = await current()
    let found = find(schema)
    if (found === undefined && Date.now() - loadedAt > MISS_RELOAD_INTERVAL_MS) {
      schema = await reload()
      found = find(schema)
    }
    return [schema, found]
  }

  async function serve(request: ApiRequest, identity: RequestIdentity): Promise<ApiResponse> {
    checkProfile(request)
    const segments = request.url.pathname.slice(PREFIX.length).split('/').map(decodeSegment)
    const base = {
      request,
      identity,
      preferences: parsePrefer(request.headers['prefer']),
      single: wantsObject(request)
    }
    const method = request.method

    if (segments.length === 2 && segments[0] === 'rpc' && segments[1]) {
      if (!['GET', 'HEAD', 'POST'].includes(method)) throw methodNotAllowed(method)
      const [schema] = await lookup((s) => s.functions.get(segments[1]))
      const call: RestCall = { ...base, cache: schema }
      return handleRpc(context, call, segments[1])
    }
    if (segments.length !== 1 || !segments[0]) {
      throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`)
    }
    const [schema, table] = await lookup<Table>((s) => s.tables.get(segments[0]))
    if (!table) throw unknownTable(segments[0])
    const call: RestCall = { ...base, cache: schema }
    if (method === 'GET' || method === 'HEAD') return handleRead(context, call, table)
    if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
      return handleWrite(context, call, table)
    }
    throw methodNotAllowed(method)
  }

  const handler = async (request: ApiRequest): Promise<ApiResponse> => {
    let role: ApiRole = 'anon'
    try {
      const identity = await identify(context.keys, request)
      role = identity.role
      return await serve(request, identity)
    } catch (error) {
      return errorToResponse(error, role, request.method)
    }
  }
  return Object.assign(handler, {
    reload: async (): Promise<void> => {
      await reload()
    }
  })
}
