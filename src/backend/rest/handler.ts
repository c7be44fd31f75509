// Serving one REST request, in PostgREST's stages: parse the query (parse-query.ts), plan it
// (plan.ts: every refusal that needs no database), build one statement (build-*.ts), run it
// (run.ts: under the caller's role, with the request's limits, in one database call when it is
// the request's only statement), then answer the way PostgREST does (status, Content-Range,
// single objects, CSV). No SQL is written here.

import type { BackendContext } from '../context'
import { readJsonBody, type ApiRequest, type ApiResponse } from '../http/types'
import { tooManyRowsChanged } from './bounds'
import { ROOT_ALIAS, tableSource, type ReadSource } from './build-read'
import { findRoutine, resultTable, rpcFrom, rpcShape, rpcValueStatement } from './build-rpc'
import {
  buildDelete,
  buildInsert,
  buildUpdate,
  mutationSource,
  returningStatement,
  type WritePreferences
} from './build-write'
import { notSingleObject, RestError } from './errors'
import type { ParsedQuery } from './parse-query'
import { planRead, planWrite } from './plan'
import { CSV_MEDIA_TYPE, OBJECT_MEDIA_TYPE, parseRangeHeader } from './request'
import {
  countCap,
  parse,
  readBuilder,
  run,
  runRead,
  withApplied,
  type RestCall,
  type ResultRow
} from './run'
import type { Table } from './schema-cache'
import { Params } from './sql'

export type { RestCall } from './run'

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
): ApiResponse {
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

function rootOffset(query: ParsedQuery): number {
  return query.offset.find((o) => o.path.length === 0)?.value ?? 0
}

/** `Range: a-b` applies when the query string has no root limit or offset. */
function applyRangeHeader(request: ApiRequest, query: ParsedQuery): void {
  const range = parseRangeHeader(request.headers['range'])
  const hasPaging = [...query.limit, ...query.offset].some((s) => s.path.length === 0)
  if (!range || hasPaging) return
  if (range.offset > 0) query.offset.push({ path: [], value: range.offset })
  if (range.limit !== null) query.limit.push({ path: [], value: range.limit })
}

export async function handleRead(
  context: BackendContext,
  call: RestCall,
  table: Table
): Promise<ApiResponse> {
  const query = parse(call.request)
  applyRangeHeader(call.request, query)
  const plan = planRead(call.cache, table, query, context.config.rest)
  const params = new Params()
  const source = tableSource(table)
  const sql = readBuilder(context, call, plan, params).build(source, {
    count: call.preferences.count !== null,
    countCap: countCap(call, table),
    single: call.single,
    bodyless: call.request.method === 'HEAD',
    applyQuery: true,
    format: call.format,
    maxBodyBytes: context.config.rest.maxResponseBytes
  })
  const [row, total] = await runRead(context, call, { sql, params, plan, source })
  if (call.single && Number(row.page_count) !== 1) throw notSingleObject(Number(row.page_count))
  return pageResponse(call, rootOffset(query), row, row.body, total)
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
  const query = parse(request)
  const body = request.method === 'DELETE' ? undefined : parseBody(request)
  const insertBody = request.method === 'POST' ? body : undefined
  const plan = planWrite(call.cache, table, query, insertBody, context.config.rest)
  const params = new Params()
  const write: WritePreferences = {
    returning: preferences.representation,
    resolution: request.method === 'POST' ? preferences.resolution : null,
    missingDefault: preferences.missingDefault
  }
  let mutation: string | null
  if (request.method === 'POST') {
    mutation = buildInsert(table, body, query, write, params)
  } else if (request.method === 'PATCH') {
    mutation = buildUpdate(table, body, query, write, params)
  } else {
    mutation = buildDelete(table, query, write, params)
  }
  let sql = mutation
  if (mutation && write.returning) {
    const read = readBuilder(context, call, plan, params).build(mutationSource(table), {
      count: false,
      single: call.single,
      bodyless: false,
      applyQuery: false,
      format: call.format
    })
    // Only known when rows are returned (RETURNING needs the SELECT policies, which would
    // refuse inserts the user may make), so return=minimal keeps 201.
    sql = returningStatement(table, mutation, read, write.resolution !== null)
  }
  // A PATCH or DELETE, like a single-object write, checks its row count before it may commit.
  const counted = call.single || request.method !== 'POST'
  const result = await run(context, call, async (tx) => {
    if (!sql) return { count: 0, body: '[]', inserted: true }
    const { rows, rowCount } = counted
      ? await tx.query<ResultRow & { inserted?: boolean }>(sql, params.values)
      : await tx.queryAndCommit<ResultRow & { inserted?: boolean }>(sql, params.values)
    const count = write.returning ? Number(rows[0].page_count) : rowCount
    // Throwing inside the transaction rolls the mutation back, as PostgREST does.
    if (call.single && count !== 1) throw notSingleObject(count)
    const limits = context.config.rest
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
  if (write.resolution) headers['preference-applied'] = `resolution=${write.resolution}`
  const created = request.method === 'POST' && result.inserted
  if (!write.returning) return withApplied(call, { status: created ? 201 : 204, headers })
  headers['content-type'] = contentType(call)
  return withApplied(call, { status: created ? 201 : 200, headers, body: result.body ?? '[]' })
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
  const overloads = call.cache.functions.get(name) ?? []
  const argNames = new Set(overloads.flatMap((r) => r.args.map((a) => a.name)))
  const args = rpcArguments(request, argNames)
  const routine = findRoutine(call.cache, name, Object.keys(args), request.method === 'POST')
  const query = parse(request, (key) => argNames.has(key))
  const shape = rpcShape(routine)
  const params = new Params()
  if (shape === 'rows') {
    const table = resultTable(call.cache, routine)
    applyRangeHeader(request, query)
    const plan = planRead(call.cache, table, query, context.config.rest)
    const from = rpcFrom(routine, args, params, ROOT_ALIAS)
    const single = call.single || !routine.returnsSet
    const source: ReadSource = { table, from, alias: ROOT_ALIAS }
    const sql = readBuilder(context, call, plan, params).build(source, {
      count: call.preferences.count !== null,
      countCap: countCap(call, table),
      single,
      bodyless: request.method === 'HEAD',
      applyQuery: true,
      format: call.format,
      maxBodyBytes: context.config.rest.maxResponseBytes
    })
    const [row, total] = await runRead(context, call, { sql, params, plan, source })
    if (call.single && Number(row.page_count) !== 1) throw notSingleObject(Number(row.page_count))
    const body = row.body ?? (single ? 'null' : '[]')
    return withApplied(call, pageResponse(call, rootOffset(query), row, body, total))
  }
  const select = rpcValueStatement(shape, rpcFrom(routine, args, params, ROOT_ALIAS), ROOT_ALIAS)
  const { rows } = await run(context, call, (tx) =>
    tx.queryAndCommit<ResultRow>(select, params.values)
  )
  if (shape === 'void') {
    return withApplied(call, { status: 204, headers: { 'content-range': '*/*' } })
  }
  // Any count preference counts the values returned: 1 for a scalar function.
  const total = call.preferences.count ? Number(rows[0].page_count) : null
  const format = call.format === 'csv' ? 'json' : call.format
  return withApplied(
    call,
    pageResponse({ ...call, single: false, format }, 0, rows[0], rows[0].body, total)
  )
}
