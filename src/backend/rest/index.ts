// The PostgREST-compatible API at /rest/v1: tables and views of the schemas
// listed in supabase/config.toml's [api] schemas (picked by Accept-Profile / Content-Profile),
// and rpc for their functions. Module map:
//   schema-cache.ts   what exists (tables, columns, keys, foreign keys, functions, computed
//                     fields), per schema; catalog-queries.ts reads it, view-keys.ts gives
//                     views the keys of the tables they show; schema-types.ts its shapes
//   parse-query.ts    the query string's grammar → AST (query-ast.ts), with parse-select.ts,
//                     parse-filter.ts and parse-field.ts
//   relationships.ts  the relationships a table can embed through;
//                     resolve-relationship.ts picks the one an embed names
//   plan.ts           AST → plan: embeds resolved, every refusal that needs no database
//                     (depth, ambiguity, input bounds from bounds.ts) made before any SQL
//   query.ts          plan → the request's one statement, written by build-*.ts
//                     (identifiers quoted, values bound); read-*.ts, aggregates.ts and
//                     embed-source.ts are pieces of build-read.ts
//   run.ts            running it under the caller's role with the request's limits
//                     (limits.ts prices every read first)
//   handler.ts        the stages in order, and the response; explain.ts answers explain()
//   request.ts, errors.ts   headers in, PostgREST error bodies out
//
// A schema's cache is loaded on its first request. Call `reload()` on the returned API after
// changing the schema (PostgREST's `NOTIFY pgrst, 'reload schema'`); a request for a table the
// cache does not know also triggers a reload, at most once every few seconds.

import type { BackendContext } from '../context'
import type { ApiRequest, ApiResponse, Handler } from '../http/types'
import type { ApiRole, RequestIdentity } from '../jwt'
import { errorToResponse, RestError } from './errors'
import { handleRead, handleRpc, handleWrite, type RestCall } from './handler'
import { checkExplainAllowed } from './explain'
import { missingRelation } from './missing-relation'
import { identify, requestSchema, requestShape } from './request'
import { loadSchemaCache } from './schema-cache'
import type { SchemaCache, Table } from './schema-types'

export { loadSchemaCache } from './schema-cache'
export type { SchemaCache } from './schema-types'

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

function requestSchemaOrDefault(request: ApiRequest, schemas: string[]): string {
  try {
    return requestSchema(request, schemas)
  } catch {
    return schemas[0]
  }
}

function methodNotAllowed(method: string): RestError {
  return new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
}

export function createRestApi(context: BackendContext): RestApi {
  const { schemas } = context.config.api
  const caches = new Map<string, { loading: Promise<SchemaCache>; loadedAt: number }>()

  const reload = (schema: string): Promise<SchemaCache> => {
    const loading = loadSchemaCache(context.db, schema)
    caches.set(schema, { loading, loadedAt: Date.now() })
    // A failed load is not cached: the next request tries again.
    loading.catch(() => {
      if (caches.get(schema)?.loading === loading) caches.delete(schema)
    })
    return loading
  }
  const current = (schema: string): Promise<SchemaCache> =>
    caches.get(schema)?.loading ?? reload(schema)

  /** Looks a name up, reloading once when it is missing (the schema may have changed). */
  async function lookup<T>(
    schemaName: string,
    find: (schema: SchemaCache) => T | undefined
  ): Promise<[SchemaCache, T | undefined]> {
    let schema = await current(schemaName)
    let found = find(schema)
    const loadedAt = caches.get(schemaName)?.loadedAt ?? 0
    if (found === undefined && Date.now() - loadedAt > MISS_RELOAD_INTERVAL_MS) {
      schema = await reload(schemaName)
      found = find(schema)
    }
    return [schema, found]
  }

  async function serve(request: ApiRequest, identity: RequestIdentity): Promise<ApiResponse> {
    const schemaName = requestSchema(request, schemas)
    const segments = request.url.pathname.slice(PREFIX.length).split('/').map(decodeSegment)
    const base = { request, identity, ...requestShape(request), api: context.config.api }
    const method = request.method

    if (segments.length === 2 && segments[0] === 'rpc' && segments[1]) {
      if (!['GET', 'HEAD', 'POST'].includes(method)) throw methodNotAllowed(method)
      const [schema] = await lookup(schemaName, (s) => s.functions.get(segments[1]))
      const call: RestCall = { ...base, cache: schema }
      checkExplainAllowed(call)
      return handleRpc(context, call, segments[1])
    }
    if (segments.length !== 1 || !segments[0]) {
      throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`)
    }
    const [schema, table] = await lookup<Table>(schemaName, (s) => s.tables.get(segments[0]))
    const call: RestCall = { ...base, cache: schema }
    if (!table) throw missingRelation(call, schemaName, segments[0])
    checkExplainAllowed(call)
    if (method === 'GET' || method === 'HEAD') return handleRead(context, call, table)
    if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
      return handleWrite(context, call, table)
    }
    throw methodNotAllowed(method)
  }

  const handler = async (request: ApiRequest): Promise<ApiResponse> => {
    let role: ApiRole = 'anon'
    let response: ApiResponse
    try {
      const identity = await identify(context.keys, request)
      role = identity.role
      response = await serve(request, identity)
    } catch (error) {
      response = errorToResponse(error, role, request.method)
    }
    // With several schemas PostgREST names the one that answered.
    if (schemas.length > 1 && response.status < 400) {
      const profile = requestSchemaOrDefault(request, schemas)
      response.headers = { ...response.headers, 'content-profile': profile }
    }
    return response
  }
  return Object.assign(handler, {
    reload: async (): Promise<void> => {
      await Promise.all([...caches.keys()].map((schema) => reload(schema)))
    }
  })
}
