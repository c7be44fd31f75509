// `Prefer: count=planned`: the planner's row estimate for a query, from EXPLAIN, run in the
// request's transaction under the caller's role (so RLS shapes the plan as it shapes the read).

import type { Queryable } from '../db/database'

interface PlanNode {
  'Plan Rows'?: number
}

/** The estimated number of rows `sql` returns. */
export async function plannedRows(tx: Queryable, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await tx.query<Record<string, unknown>>(`explain (format json) ${sql}`, values)
  const output = Object.values(rows[0] ?? {})[0]
  const plan = (typeof output === 'string' ? JSON.parse(output) : output) as { Plan?: PlanNode }[]
  return Math.max(0, Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0)))
}
