// Serving one REST request, in PostgREST's stages: parse the query (parse-query.ts), plan it
// (plan.ts: every refusal that needs no database), build its one statement (query.ts, with the
// build-*.ts builders), run it (run.ts: under the caller's role, with the request's limits, in
// one database call when it is the request's only statement), then answer the way PostgREST
// does (status, Content-Range, single objects, CSV, plans). No SQL is written here.

import type { BackendContext } from '../context'
import { readJsonBody, type ApiRequest, type ApiResponse } from '../http/types'
import { checkBodySize, tooManyRowsChanged, writeLimitsFor } from './bounds'
import { findRoutine } from './build-rpc'
import { notSingleObject, RestError } from './errors'
import { explainResponse } from './explain'
import { readQuery, rootOffset, rpcQuery, writeQuery } from './query'
import { CSV_MEDIA_TYPE, OBJECT_MEDIA_TYPE } from './request'
import { reusedBuild } from './statement-cache'
import {
  checkAnonStatementCost,
  parse,
  run,
  runRead,
  withApplied,
  type RestCall,
  type ResultRow
} from './run'
import type { Table } from './schema-types'

export type { RestCall } from './run'

/** What each kind of request echoes in Preference-Applied (PostgREST 12's Response.hs). */
const READ_PREFERENCES = ['count', 'tx'] as const
const WRITE_PREFERENCES = {
  POST: ['resolution', 'missing', 'return', 'count', 'tx'],
  PATCH: ['missing', 'return', 'count', 'tx'],
  DELETE: ['return', 'count', 'tx']
} as const

function contentType(call: RestCall): string {
  if (call.format === 'csv') return `${CSV_MEDIA_TYPE}; charset=utf-8`
  if (call.format === 'json-stripped') {
    const type = call.single ? OBJECT_MEDIA_TYPE : 'application/vnd.pgrst.array+json'
    return `${type};nulls=stripped; charset=utf-8`
  }
  return `${call.single ? OBJECT_MEDIA_TYPE : 'application/json'}; charset=utf-8`
}

/** PostgREST's Content-Range and 200/206/416 rules for a page of `count` rows at `offset`. */
function pageResponse(
  call: RestCall,
  offset: number,
  row: ResultRow,
  body: string | null,
  total: number | null = row.total === null ? null : Number(row.total)
): ApiResponse & { headers: Record<string, string> } {
  const count = Number(row.page_count)
  const range = count > 0 ? `${offset}-${offset + count - 1}` : '*'
  let status = 200
  if (total !== null) {
    if (offset > total && call.preferences.count === 'exact') {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`
      )
    }
    if (count < total) status = 206
  }
  const headers: Record<string, string> = {
    'content-range': `${range}/${total ?? '*'}`,
    'content-type': contentType(call)
  }
  return { status, headers, body: call.request.method === 'HEAD' ? null : body }
}

/** http-types' urlEncode: everything but letters, digits and `-_.~` is percent-encoded. */
const encodeStrict = (text: string): string =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )

/**
 * PostgREST's Content-Location for a read: the path and its query string with the parameters
 * sorted by name (canonical), so equal queries name one resource.
 */
function contentLocation(call: RestCall, table: Table): string {
  const params = [...call.request.url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const query = params.map(([key, value]) => `${encodeStrict(key)}=${encodeStrict(value)}`)
  return `/${table.name}${query.length > 0 ? `?${query.join('&')}` : ''}`
}

export async function handleRead(
  context: BackendContext,
  call: RestCall,
  table: Table
): Promise<ApiResponse> {
  // The Content-Location too is a function of the query string, built once with the statement.
  const { query, read, location } = reusedBuild(call, () => {
    const query = parse(call.request)
    return {
      query,
      read: readQuery(context, call, table, query),
      location: contentLocation(call, table)
    }
  })
  if (call.explain) return explainResponse(context, call, call.explain, { ...read, read })
  const [row, total] = await runRead(context, call, read)
  if (call.single && Number(row.page_count) !== 1) throw notSingleObject(Number(row.page_count))
  const response = pageResponse(call, rootOffset(query), row, row.body, total)
  response.headers['content-location'] = location
  return withApplied(call, READ_PREFERENCES, response)
}

function parseBody(request: ApiRequest): unknown {
  try {
    return readJsonBody(request)
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
}

/** POST (insert/upsert), PATCH and DELETE on a table. */
export async function handleWrite(
  context: BackendContext,
  call: RestCall,
  table: Table
): Promise<ApiResponse> {
  const { request, preferences } = call
  checkBodySize(request.body.byteLength, context.config.rest)
  const query = parse(request)
  const body = request.method === 'DELETE' ? undefined : parseBody(request)
  const { sql, params, write } = writeQuery(context, call, table, query, body)
  if (call.explain && sql) return explainResponse(context, call, call.explain, { sql, params })
  // A PATCH or DELETE, like a single-object write, checks its row count before it may commit.
  const counted = call.single || request.method !== 'POST'
  const result = await run(context, call, async (tx) => {
    if (!sql) return { count: 0, body: '[]', inserted: true }
    await checkAnonStatementCost(context, call, tx, { sql, params })
    const { rows, rowCount } = counted
      ? await tx.query<ResultRow & { inserted?: boolean }>(sql, params.values)
      : await tx.queryAndCommit<ResultRow & { inserted?: boolean }>(sql, params.values)
    const count = write.returning ? Number(rows[0].page_count) : rowCount
    // Throwing inside the transaction rolls the mutation back, as PostgREST does.
    if (call.single && count !== 1) throw notSingleObject(count)
    const limits = writeLimitsFor(context.config.rest, call.identity.role)
    if (request.method !== 'POST' && count > limits.maxRowsPerWrite) {
      throw tooManyRowsChanged(count, limits)
    }
    return {
      count,
      body: write.returning ? rows[0].body : null,
      inserted: rows[0]?.inserted ?? true
    }
  })
  const total = preferences.count ? String(result.count) : '*'
  const headers: Record<string, string> = {
    'content-range':
      request.method === 'PATCH' && result.count > 0
        ? `0-${result.count - 1}/${total}`
        : `*/${total}`
  }
  const applied = WRITE_PREFERENCES[request.method as keyof typeof WRITE_PREFERENCES]
  // Only known when rows are returned (RETURNING needs the SELECT policies, which would
  // refuse inserts the user may make), so return=minimal keeps 201.
  const created = request.method === 'POST' && result.inserted
  if (!write.returning) return withApplied(call, applied, { status: created ? 201 : 204, headers })
  headers['content-type'] = contentType(call)
  const status = created ? 201 : 200
  return withApplied(call, applied, { status, headers, body: result.body ?? '[]' })
}

function rpcArguments(request: ApiRequest, argNames: Set<string>): Record<string, unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const args: Record<string, unknown> = {}
    for (const [key, value] of request.url.searchParams) if (argNames.has(key)) args[key] = value
    return args
  }
  const body = parseBody(request)
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new RestError(400, 'PGRST102', 'RPC arguments must be a JSON object')
  }
  return body as Record<string, unknown>
}

export async function handleRpc(
  context: BackendContext,
  call: RestCall,
  name: string
): Promise<ApiResponse> {
  const { request } = call
  checkBodySize(request.body.byteLength, context.config.rest)
  const { query, rpc } = reusedBuild(call, () => {
    const overloads = call.cache.functions.get(name) ?? []
    const argNames = new Set(overloads.flatMap((r) => r.args.map((a) => a.name)))
    const args = rpcArguments(request, argNames)
    const routine = findRoutine(call.cache, name, Object.keys(args), request.method === 'POST')
    const query = parse(request, (key) => argNames.has(key))
    return { query, rpc: rpcQuery(context, call, routine, args, query) }
  })
  if (rpc.shape === 'rows') {
    const { read, single } = rpc
    if (call.explain) return explainResponse(context, call, call.explain, { ...read, read })
    const [row, total] = await runRead(context, call, read)
    if (call.single && Number(row.page_count) !== 1) throw notSingleObject(Number(row.page_count))
    const body = row.body ?? (single ? 'null' : '[]')
    return withApplied(
      call,
      READ_PREFERENCES,
      pageResponse(call, rootOffset(query), row, body, total)
    )
  }
  if (call.explain) return explainResponse(context, call, call.explain, rpc)
  const { rows } = await run(context, call, async (tx) => {
    await checkAnonStatementCost(context, call, tx, rpc)
    return tx.queryAndCommit<ResultRow>(rpc.sql, rpc.params.values)
  })
  if (rpc.shape === 'void') {
    return withApplied(call, READ_PREFERENCES, { status: 204, headers: { 'content-range': '*/*' } })
  }
  // Any count preference counts the values returned: 1 for a scalar function.
  const total = call.preferences.count ? Number(rows[0].page_count) : null
  const format = call.format === 'csv' ? 'json' : call.format
  return withApplied(
    call,
    READ_PREFERENCES,
    pageResponse({ ...call, single: false, format }, 0, rows[0], rows[0].body, total)
  )
}
