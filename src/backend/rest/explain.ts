// supabase-js explain(): `Accept: application/vnd.pgrst.plan+json|text` answers with the
// Postgres plan of the statement the request would run, as PostgREST 12 does when
// `db-plan-enabled` is on. It is off by default, as on hosted Supabase, because a plan shows
// the schema and the data's size: then the plan media type is one this server does not
// produce (PGRST107, 406). The API config (`planEnabled`) or the authenticator role's
// `pgrst.db_plan_enabled` setting, as on hosted Supabase, switches it on. With `analyze` the
// statement runs, so a read is priced first like any other (limits.ts).

import type { BackendContext } from '../context'
import type { ApiResponse } from '../http/types'
import { mediaTypeUnavailable, planMediaType, type ExplainMedia } from './request'
import { checkPlanCost, run, type PlannedRead, type RestCall } from './run'
import type { Params } from './sql'

function planEnabled(call: RestCall): boolean {
  return call.cache.planSetting ?? call.api.planEnabled
}

/** Refuses a plan while plans are off; made before any SQL runs. */
export function checkExplainAllowed(call: RestCall): void {
  if (call.explain && !planEnabled(call)) throw mediaTypeUnavailable(planMediaType(call.explain))
}

function explainSql(media: ExplainMedia, sql: string): string {
  return `explain (${[`format ${media.format}`, ...media.options].join(', ')}) ${sql}`
}

/** The plan's body: EXPLAIN's JSON document, or its text lines joined. */
function planBody(media: ExplainMedia, rows: Record<string, unknown>[]): string {
  const values = rows.map((row) => row['QUERY PLAN'])
  if (media.format === 'text') return values.join('\n')
  const plan = values[0]
  return typeof plan === 'string' ? plan : JSON.stringify(plan)
}

/** Runs EXPLAIN over a request's statement; `read` when it is a read, to price it first. */
export async function explainResponse(
  context: BackendContext,
  call: RestCall,
  media: ExplainMedia,
  statement: { sql: string; params: Params; read?: PlannedRead }
): Promise<ApiResponse> {
  const body = await run(context, call, async (tx) => {
    if (statement.read && media.options.includes('analyze')) {
      await checkPlanCost(context, call, tx, statement.read)
    }
    const sql = explainSql(media, statement.sql)
    const { rows } = await tx.queryAndCommit<Record<string, unknown>>(sql, statement.params.values)
    return planBody(media, rows)
  })
  return {
    status: 200,
    headers: { 'content-type': `${planMediaType(media)}; charset=utf-8` },
    body
  }
}
