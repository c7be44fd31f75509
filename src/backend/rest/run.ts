// Running one REST request's SQL under the limits: the caller's role and the statement
// timeout (db/as-role.ts), the embed-depth and plan-cost checks (limits.ts), max rows on every
// level, and `Prefer: tx=rollback`, which answers with the result and commits nothing.

import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { withRole } from '../db/as-role'
import type { ApiRequest, ApiResponse } from '../http/types'
import { ReadBuilder } from './build-read'
import type { RestCall } from './handler'
import { checkEmbedDepth, checkPlanCost, needsCostCheck } from './limits'
import { parseQuery, type ParsedQuery } from './parse-query'
import { Aliases, type Params } from './sql'

/** The one row every read statement answers with (build-read.ts). */
export interface ResultRow {
  body: string | null
  page_count: number | string
  total: number | string | null
}

/** Carries a result out of a transaction that `Prefer: tx=rollback` must not commit. */
class RolledBack<T> {
  constructor(readonly result: T) {}
}

export async function run<T>(
  context: BackendContext,
  call: RestCall,
  work: (tx: Queryable) => Promise<T>
): Promise<T> {
  const { method, url, headers } = call.request
  const readOnly = method === 'GET' || method === 'HEAD'
  const { statementTimeoutMs, queueTimeoutMs } = context.config.rest
  const info = { method, path: url.pathname, headers, readOnly, statementTimeoutMs, queueTimeoutMs }
  if (!call.preferences.rollback) return withRole(context.db, call.identity, info, work)
  try {
    // Throwing is how a transaction ends in a rollback; the result rides on the throw.
    await withRole(context.db, call.identity, info, async (tx) => {
      throw new RolledBack(await work(tx))
    })
  } catch (outcome) {
    if (outcome instanceof RolledBack) return outcome.result as T
    throw outcome
  }
  throw new Error('unreachable: a tx=rollback transaction always throws')
}

/** The query string, refused when its embeds nest deeper than the limit. */
export function parse(
  context: BackendContext,
  request: ApiRequest,
  isArgument?: (key: string) => boolean
): ParsedQuery {
  const query = parseQuery(request.url.searchParams, isArgument)
  checkEmbedDepth(query.select, context.config.rest)
  return query
}

/** Runs a read, planning it first when its embeds could make it expensive. */
export async function runRead(
  context: BackendContext,
  call: RestCall,
  read: { sql: string; params: Params; builder: ReadBuilder; query: ParsedQuery }
): Promise<ResultRow> {
  const { rows } = await run(context, call, async (tx) => {
    if (needsCostCheck(read.query.select, read.builder.toManyEmbeds)) {
      await checkPlanCost(tx, read.sql, read.params.values, context.config.rest)
    }
    return tx.query<ResultRow>(read.sql, read.params.values)
  })
  return rows[0]
}

export function readBuilder(
  context: BackendContext,
  call: RestCall,
  query: ParsedQuery,
  params: Params
): ReadBuilder {
  return new ReadBuilder(call.cache, query, params, new Aliases(), context.config.rest.maxRows)
}

/** Tells the client its tx=rollback was honoured. */
export function withApplied(call: RestCall, response: ApiResponse): ApiResponse {
  if (!call.preferences.rollback) return response
  const applied = response.headers?.['preference-applied']
  return {
    ...response,
    headers: {
      ...response.headers,
      'preference-applied': applied ? `${applied}, tx=rollback` : 'tx=rollback'
    }
  }
}
