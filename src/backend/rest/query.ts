// The query stage, between the plan (plan.ts) and running (run.ts), as PostgREST's Query
// module: a request's one SQL statement and its bound parameters, built from the parsed and
// planned request by the builders (build-*.ts). The handler answers with what these return
// and writes no SQL itself.

import type { BackendContext } from '../context'
import type { ApiRequest } from '../http/types'
import { ROOT_ALIAS, tableSource, type ReadSource } from './read-source'
import { resultTable, rpcFrom, rpcShape, rpcValueStatement } from './build-rpc'
import {
  buildDelete,
  buildInsert,
  buildUpdate,
  mutationSource,
  returningStatement,
  type WritePreferences
} from './build-write'
import { writeLimitsFor } from './bounds'
import type { ParsedQuery } from './query-ast'
import { planRead, planWrite, type ReadPlan } from './plan'
import { parseRangeHeader } from './request'
import { countCap, readBuilder, type PlannedRead, type RestCall } from './run'
import type { RoutineInfo, Table } from './schema-types'
import { Params } from './sql'

/** `Range: a-b` applies when the query string has no root limit or offset. */
function applyRangeHeader(request: ApiRequest, query: ParsedQuery): void {
  const range = parseRangeHeader(request.headers['range'])
  const hasPaging = [...query.limit, ...query.offset].some((s) => s.path.length === 0)
  if (!range || hasPaging) return
  if (range.offset > 0) query.offset.push({ path: [], value: range.offset })
  if (range.limit !== null) query.limit.push({ path: [], value: range.limit })
}

/** The offset of the page a read answers with (for Content-Range). */
export function rootOffset(query: ParsedQuery): number {
  return query.offset.find((o) => o.path.length === 0)?.value ?? 0
}

function pageStatement(
  context: BackendContext,
  call: RestCall,
  plan: ReadPlan,
  params: Params,
  source: ReadSource,
  single: boolean
): string {
  return readBuilder(context, call, plan, params).build(source, {
    count: call.preferences.count !== null,
    countCap: countCap(call, source.table),
    single,
    bodyless: call.request.method === 'HEAD',
    applyQuery: true,
    format: call.format,
    // A plan is of the statement itself, as PostgREST explains it: no size check around it.
    maxBodyBytes: call.explain ? undefined : context.config.rest.maxResponseBytes
  })
}

/** GET/HEAD on a table or view: one statement for the page, its row count and total. */
export function readQuery(
  context: BackendContext,
  call: RestCall,
  table: Table,
  query: ParsedQuery
): PlannedRead {
  applyRangeHeader(call.request, query)
  const plan = planRead(call.cache, table, query, context.config.rest)
  const params = new Params()
  const source = tableSource(table)
  const sql = pageStatement(context, call, plan, params, source, call.single)
  return { sql, params, plan, source }
}

export interface WriteQuery {
  /** Null when there is nothing to write (a PATCH with an empty body). */
  sql: string | null
  params: Params
  write: WritePreferences
}

/** POST (insert/upsert), PATCH or DELETE, with the rows read back when asked for. */
export function writeQuery(
  context: BackendContext,
  call: RestCall,
  table: Table,
  query: ParsedQuery,
  body: unknown
): WriteQuery {
  const { request, preferences } = call
  const insertBody = request.method === 'POST' ? body : undefined
  const limits = writeLimitsFor(context.config.rest, call.identity.role)
  const plan = planWrite(call.cache, table, query, insertBody, limits)
  const params = new Params()
  const write: WritePreferences = {
    returning: preferences.representation,
    resolution: request.method === 'POST' ? preferences.resolution : null,
    missingDefault: preferences.missingDefault
  }
  let mutation: string | null
  if (request.method === 'POST') mutation = buildInsert(table, body, query, write, params)
  else if (request.method === 'PATCH') mutation = buildUpdate(table, body, query, write, params)
  else mutation = buildDelete(table, query, write, params)
  if (!mutation || !write.returning) return { sql: mutation, params, write }
  const read = readBuilder(context, call, plan, params).build(mutationSource(table), {
    count: false,
    single: call.single,
    bodyless: false,
    applyQuery: false,
    format: call.format
  })
  const sql = returningStatement(table, mutation, read, write.resolution !== null)
  return { sql, params, write }
}

export type RpcQuery =
  | { shape: 'rows'; read: PlannedRead; single: boolean }
  | { shape: 'void' | 'scalar' | 'setof-scalar'; sql: string; params: Params }

/** A function call: read like a table when it returns rows, else its value(s). */
export function rpcQuery(
  context: BackendContext,
  call: RestCall,
  routine: RoutineInfo,
  args: Record<string, unknown>,
  query: ParsedQuery
): RpcQuery {
  const shape = rpcShape(routine)
  const params = new Params()
  if (shape !== 'rows') {
    const from = rpcFrom(routine, args, params, ROOT_ALIAS)
    return { shape, sql: rpcValueStatement(shape, from, ROOT_ALIAS), params }
  }
  const table = resultTable(call.cache, routine)
  applyRangeHeader(call.request, query)
  const plan = planRead(call.cache, table, query, context.config.rest)
  const source: ReadSource = {
    table,
    from: rpcFrom(routine, args, params, ROOT_ALIAS),
    alias: ROOT_ALIAS
  }
  const single = call.single || !routine.returnsSet
  const sql = pageStatement(context, call, plan, params, source, single)
  return { shape, read: { sql, params, plan, source }, single }
}
