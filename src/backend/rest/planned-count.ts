// `Prefer: count=planned`: the planner's row estimate for a query, from EXPLAIN, run in the
// request's transaction under the caller's role. The estimate comes from the table's
// statistics, which know every row, not the ones a policy lets the caller see: on a table under
// row level security (or a view, which may read one) it would tell anyone how many saves or
// notifications all users have. There planned and estimated counts are answered exact.

import type { Queryable } from '../db/database'
import type { Table } from './schema-types'

/** Whether the planner's estimate of `table` may be shown: not when it would reveal hidden rows. */
export function estimatesAllowed(table: Table): boolean {
  return table.rowSecurity === false && !table.isView
}

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
