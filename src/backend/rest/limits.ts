// Bounds on what one REST request may make the database do (the values: request-limits.ts).
// PostgREST caps rows with db-max-rows and relies on statement_timeout; PGlite runs queries on
// the backend's only thread and cannot cancel one, so here a request whose embeds nest too
// deeply is refused before any SQL runs (plan.ts), and every read is planned first and refused
// when the planner expects it to be expensive. Every level of a response is capped at max rows.

import type { RestLimits } from '../request-limits'
import type { Queryable } from '../db/database'
import { RestError } from './errors'
import type { SelectItem } from './query-ast'

/** How deep the embeds of a select list nest: `*` is 0, `a(b(*))` is 2. */
export function embedDepth(items: readonly SelectItem[]): number {
  let deepest = 0
  for (const item of items) {
    if (item.kind === 'embed') deepest = Math.max(deepest, 1 + embedDepth(item.select))
  }
  return deepest
}

export function checkEmbedDepth(items: readonly SelectItem[], limits: RestLimits): void {
  if (embedDepth(items) > limits.maxEmbedDepth) {
    throw new RestError(
      400,
      '54001',
      `Embedded resources may be nested at most ${limits.maxEmbedDepth} levels deep`,
      null,
      'Read the deeper levels with a second request.'
    )
  }
}

/** The row limit a level gets: what the request asked for, never more than max rows. */
export function cappedLimit(requested: number | undefined, maxRows: number): number {
  return requested === undefined ? maxRows : Math.min(requested, maxRows)
}

function planCost(rows: Record<string, unknown>[]): number {
  const raw = rows[0]?.['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: Record<string, unknown>
  }[]
  return Number(plan[0].Plan['Total Cost'])
}

/** What a cost check refuses above, and how it says so. */
export interface CostBound {
  maxCost: number
  message: string
  /** Who the limit is for, in the refusal's details (`for anonymous callers`), if not everyone. */
  appliesTo?: string
  hint?: string
}

function refuseCost(cost: number, bound: CostBound): void {
  if (cost > bound.maxCost) {
    const whom = bound.appliesTo ? ` ${bound.appliesTo}` : ''
    throw new RestError(
      400,
      '54001',
      bound.message,
      `Estimated cost ${Math.round(cost)}, at most ${bound.maxCost} is allowed${whom}`,
      bound.hint ?? 'Add limit= to the embedded resources, embed fewer levels, or filter the rows.'
    )
  }
}

/** How long a verdict holds for the same statement, values and caller: table statistics move slowly. */
const VERDICT_TTL_MS = 10_000
const MAX_VERDICTS = 500

/** What the cost check needs of a read: its statement, values and whether rows multiply. */
export interface PricedRead {
  sql: string
  params: { values: unknown[] }
  /** It has a to-many embed, so the values decide how many rows each row brings. */
  multiplies: boolean
}

/**
 * Plan-cost verdicts for recent reads. The app repeats the same requests (the first feed page,
 * a profile) many times a minute; planning each one twice, once to price it and once to run it,
 * was a third of its time. A verdict for a read with to-many embeds is reused only for the
 * identical statement with identical values by a caller with the same role and user id, for a
 * few seconds. Any other read (one table, or with to-one embeds: one row each) is reused for
 * its statement and role whatever its values: its cost is bounded by reading its table once
 * under that role's policies, which is what the verdict priced, and a one-row read by id must
 * not pay for a second plan each time. Bounded, so distinct requests cannot grow it.
 */
export class PlanCostVerdicts {
  private readonly verdicts = new Map<string, { cost: number; expires: number }>()

  /**
   * Runs EXPLAIN (no execution) on `sql` and refuses it when the planner's total cost is above
   * the bound. Run in the request's transaction, so the plan is the one the caller's role gets.
   */
  async check(
    tx: Queryable,
    read: PricedRead,
    caller: { role: string; user: string },
    bound: CostBound
  ): Promise<void> {
    const { sql } = read
    const params = read.params.values
    const key = read.multiplies
      ? JSON.stringify([caller.role, caller.user, sql, params])
      : JSON.stringify([caller.role, sql])
    const now = Date.now()
    const known = this.verdicts.get(key)
    if (known && known.expires > now) {
      refuseCost(known.cost, bound)
      return
    }
    const { rows } = await tx.query(`explain (format json) ${sql}`, params)
    const cost = planCost(rows)
    if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear()
    this.verdicts.set(key, { cost, expires: now + VERDICT_TTL_MS })
    refuseCost(cost, bound)
  }
}
