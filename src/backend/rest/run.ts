// Running a REST request's SQL with its limits: one transaction under the caller's role
// (withRole, so RLS applies), the request's time limits, the plan-cost caps, the response-size cap and
// `Prefer: tx=rollback`. A request whose statement is its last sends it with the role, the
// claims and the COMMIT in one database call. One more is taken by a statement that must be
// priced by the planner first (every read, and every statement of an anonymous caller, as
// pg_plan_filter prices a role's; the verdict is then reused for a few seconds), a count by the
// planner, a tx=rollback request and a single-object write, which must check its row count
// before committing.

import type { ApiConfig } from '../api-config'
import type { BackendContext } from '../context'
import type { Database, Transaction } from '../db/database'
import { withRole, type RequestInfo } from '../db/as-role'
import { answerAndRollBack } from '../db/rolled-back'
import { timeDatabase } from '../http/server-timing'
import type { ApiRequest, ApiResponse } from '../http/types'
import type { RequestIdentity } from '../jwt'
import { ReadBuilder } from './build-read'
import type { ReadSource } from './read-source'
import { responseTooLarge } from './bounds'
import { PlanCostVerdicts, type CostBound, type Reprice } from './limits'
import { parseQuery } from './parse-query'
import type { ParsedQuery } from './query-ast'
import type { ReadPlan } from './plan'
import { estimatesAllowed, plannedRows } from './planned-count'
import {
  preferenceApplied,
  type AppliedPreference,
  type ExplainMedia,
  type MediaFormat,
  type Preferences
} from './request'
import type { SchemaCache, Table } from './schema-types'
import { Aliases, ident, Params } from './sql'

/** The query string as an AST (GET rpc arguments left out). */
export function parse(request: ApiRequest, isArgument?: (key: string) => boolean): ParsedQuery {
  return parseQuery(request.url.searchParams, isArgument)
}

export interface RestCall {
  request: ApiRequest
  identity: RequestIdentity
  cache: SchemaCache
  preferences: Preferences
  single: boolean
  /** What the Accept header asked for: JSON, JSON without nulls, or CSV. */
  format: MediaFormat
  /** explain(): the plan media type asked for instead of the rows (explain.ts). */
  explain: ExplainMedia | null
  api: ApiConfig
}

export interface ResultRow {
  body: string | null
  page_count: number | string
  total: number | string | null
  /** How long the body was, when the read had a byte limit (ReadOptions.maxBodyBytes). */
  body_bytes?: number | string | null
}

/**
 * A request for a schema other than public searches that schema first, as PostgREST does, so
 * its functions find their own tables unqualified. Its holder is the signed-in user, or the
 * address of an anonymous caller.
 */
function requestInfo(context: BackendContext, call: RestCall): RequestInfo {
  const { method, url, headers, remoteAddress } = call.request
  const { role, claims } = call.identity
  const { requestBudgetMs, queueTimeoutMs } = context.config.rest
  const schema = call.cache.schema
  return {
    method,
    path: url.pathname,
    headers,
    readOnly: method === 'GET' || method === 'HEAD',
    budgetMs: requestBudgetMs,
    queueTimeoutMs,
    holder: claims.sub ? `user ${claims.sub}` : `${role} ${remoteAddress}`,
    searchPath:
      schema === 'public'
        ? undefined
        : [schema, ...call.api.extraSearchPath].map((name) => ident(name)).join(', ')
  }
}

/**
 * Runs `work` under the caller's role, with the request's time limits. `Prefer: tx=rollback`
 * rolls the transaction back and still answers with its result: `queryAndCommit` then runs its
 * statement without the COMMIT. Its time, waiting for the engine included, is the request's
 * Server-Timing `db`.
 */
export function run<T>(
  context: BackendContext,
  call: RestCall,
  work: (tx: Transaction) => Promise<T>
): Promise<T> {
  return timeDatabase(call.request.timing, () => runInTransaction(context, call, work))
}

async function runInTransaction<T>(
  context: BackendContext,
  call: RestCall,
  work: (tx: Transaction) => Promise<T>
): Promise<T> {
  const info = requestInfo(context, call)
  if (!call.preferences.rollback) return withRole(context.db, call.identity, info, work)
  return answerAndRollBack(
    (body) => withRole(context.db, call.identity, info, body),
    (tx) =>
      work({
        query: (sql, params) => tx.query(sql, params),
        exec: (sql) => tx.exec(sql),
        queryAndCommit: (sql, params) => tx.query(sql, params)
      })
  )
}

export function readBuilder(
  context: BackendContext,
  call: RestCall,
  plan: ReadPlan,
  params: Params
): ReadBuilder {
  const enabled = call.cache.aggregatesSetting ?? call.api.aggregatesEnabled
  return new ReadBuilder(plan, params, new Aliases(), enabled, context.config.rest.maxRows)
}

export interface PlannedRead {
  sql: string
  params: Params
  plan: ReadPlan
  source: ReadSource
}

/**
 * `count=estimated` counts exactly only up to max rows: one more row than that is enough to
 * know the planner's estimate is wanted instead.
 */
export function countCap(call: RestCall, table: Table): number | null {
  const maxRows = call.api.maxRows
  const estimated = call.preferences.count === 'estimated' && estimatesAllowed(table)
  return estimated && maxRows !== null ? maxRows + 1 : null
}

/**
 * `count=planned` is the planner's estimate for the matching rows; `count=estimated` is the
 * exact count up to max rows and beyond it the larger of the estimate and the count so far (max
 * rows + 1), as PostgREST 12 gives them: an estimate from stale statistics never says fewer rows
 * than were counted. Both are exact where an estimate would reveal rows the caller cannot see
 * (planned-count.ts).
 */
async function countTotal(
  context: BackendContext,
  tx: Transaction,
  call: RestCall,
  read: PlannedRead,
  exact: number | null
): Promise<number | null> {
  const mode = call.preferences.count
  if (mode === 'exact' || mode === null || !estimatesAllowed(read.source.table)) return exact
  const maxRows = call.api.maxRows
  if (mode === 'estimated' && exact !== null && (maxRows === null || exact <= maxRows)) {
    return exact
  }
  const params = new Params()
  const sql = readBuilder(context, call, read.plan, params).matchingRows(read.source)
  const planned = await plannedRows(tx, sql, params.values)
  return mode === 'estimated' ? Math.max(exact ?? 0, planned) : planned
}

const verdicts = new WeakMap<Database, PlanCostVerdicts>()

/** Plan-cost verdicts are kept per database: its statistics priced them. */
function verdictsFor(db: Database): PlanCostVerdicts {
  let found = verdicts.get(db)
  if (!found) verdicts.set(db, (found = new PlanCostVerdicts()))
  return found
}

/**
 * Prices a statement again beside the request, under the same caller, once its verdict is old:
 * the request itself goes on with the old verdict (limits.ts).
 */
function repricer(context: BackendContext, call: RestCall): Reprice {
  return (price) => {
    // Its failure leaves the old verdict in place; the request's answer does not depend on it.
    withRole(context.db, call.identity, requestInfo(context, call), price).catch(() => undefined)
  }
}

function callerOf(call: RestCall): { role: string; user: string } {
  const { role, claims } = call.identity
  return { role: `${role}:${call.cache.schema}`, user: claims.sub ?? '' }
}

/** Refuses a read the planner prices past the limit (limits.ts), before it runs. */
export async function checkPlanCost(
  context: BackendContext,
  call: RestCall,
  tx: Transaction,
  read: PlannedRead
): Promise<void> {
  const { maxPlanCost, maxAnonPlanCost } = context.config.rest
  const anon = call.identity.role === 'anon'
  const bound: CostBound = {
    maxCost: anon ? Math.min(maxPlanCost, maxAnonPlanCost) : maxPlanCost,
    message: 'This request would read too many rows at once',
    appliesTo: anon && maxAnonPlanCost < maxPlanCost ? 'for anonymous callers' : undefined
  }
  const priced = { sql: read.sql, params: read.params, multiplies: read.plan.toManyEmbeds > 0 }
  await verdictsFor(context.db).check(tx, priced, callerOf(call), bound, repricer(context, call))
}

/**
 * Prices a write or a function call of an anonymous caller before it runs, as pg_plan_filter
 * does every statement of a role it is set for (reads are priced by checkPlanCost). Nothing for
 * a signed-in caller.
 */
export async function checkAnonStatementCost(
  context: BackendContext,
  call: RestCall,
  tx: Transaction,
  statement: { sql: string; params: Params }
): Promise<void> {
  if (call.identity.role !== 'anon') return
  const bound: CostBound = {
    maxCost: context.config.rest.maxAnonPlanCost,
    message: 'This request would cost the database too much for an anonymous caller',
    appliesTo: 'for anonymous callers',
    hint: 'Sign in, or narrow the filter of the request.'
  }
  const priced = { ...statement, multiplies: false }
  await verdictsFor(context.db).check(tx, priced, callerOf(call), bound, repricer(context, call))
}

/**
 * Runs a read (priced by the planner first, limits.ts) and its count: the page's row, and the
 * total when one was asked for.
 */
export function runRead(
  context: BackendContext,
  call: RestCall,
  read: PlannedRead
): Promise<readonly [ResultRow, number | null]> {
  return run(context, call, async (tx) => {
    await checkPlanCost(context, call, tx, read)
    // The planner's counts are asked for after the read, in the same transaction.
    const estimate = call.preferences.count === 'planned' || call.preferences.count === 'estimated'
    const { rows } = estimate
      ? await tx.query<ResultRow>(read.sql, read.params.values)
      : await tx.queryAndCommit<ResultRow>(read.sql, read.params.values)
    const bytes = Number(rows[0].body_bytes ?? 0)
    if (bytes > context.config.rest.maxResponseBytes) {
      throw responseTooLarge(bytes, context.config.rest)
    }
    const exact = rows[0].total === null ? null : Number(rows[0].total)
    return [rows[0], await countTotal(context, tx, call, read, exact)] as const
  })
}

/**
 * Preference-Applied as PostgREST 12 answers: the preferences of `kinds` the request sent and
 * this kind of request honours (a read: count and tx; an insert: resolution, missing, return,
 * count and tx; ...).
 */
export function withApplied(
  call: RestCall,
  kinds: readonly AppliedPreference[],
  response: ApiResponse
): ApiResponse {
  const applied = preferenceApplied(call.preferences, kinds)
  if (applied === null) return response
  return { ...response, headers: { ...response.headers, 'preference-applied': applied } }
}
