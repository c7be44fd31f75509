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
/**
 * A verdict past its time still answers for this much longer while a fresh one is priced in a
 * transaction of its own beside the request, so a repeated request never waits for EXPLAIN.
 */
const STALE_GRACE_MS = 10_000

interface Verdict {
  cost: number
  expires: number
  /** A fresh verdict is being priced beside the requests (one at a time). */
  repricing?: boolean
}

/** Runs `price` in a transaction of its own under the request's caller; nobody waits for it. */
export type Reprice = (price: (tx: Queryable) => Promise<void>) => void

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
  /**
   * Verdicts by role, then by statement: the statement is the very string the statement cache
   * (statement-cache.ts) holds, whose hash V8 keeps, so a repeated read finds its verdict without
   * building a key from its SQL. Reads with to-many embeds are kept apart, by role and user, then
   * statement, then values.
   */
  private readonly byRole = new Map<string, Map<string, Verdict>>()
  private readonly byUser = new Map<string, Map<string, Map<string, Verdict>>>()
  private size = 0

  /**
   * Runs EXPLAIN (no execution) on `sql` and refuses it when the planner's total cost is above
   * the bound. Run in the request's transaction, so the plan is the one the caller's role gets.
   */
  async check(
    tx: Queryable,
    read: PricedRead,
    caller: { role: string; user: string },
    bound: CostBound,
    reprice?: Reprice
  ): Promise<void> {
    const known = this.place(read, caller, false)?.get(this.keyOf(read))
    const now = Date.now()
    if (known && known.expires > now) return refuseCost(known.cost, bound)
    if (known && reprice && known.expires + STALE_GRACE_MS > now) {
      if (!known.repricing) {
        known.repricing = true
        // A failed pricing leaves the old verdict, for the next request to try again.
        reprice((priceTx) =>
          this.price(priceTx, read, caller).then(
            () => undefined,
            () => {
              known.repricing = false
            }
          )
        )
      }
      return refuseCost(known.cost, bound)
    }
    refuseCost(await this.price(tx, read, caller), bound)
  }

  /** EXPLAIN's total cost for `read`, kept as its verdict. */
  private async price(
    tx: Queryable,
    read: PricedRead,
    caller: { role: string; user: string }
  ): Promise<number> {
    const { rows } = await tx.query(`explain (format json) ${read.sql}`, read.params.values)
    const cost = planCost(rows)
    if (this.size >= MAX_VERDICTS) {
      this.byRole.clear()
      this.byUser.clear()
      this.size = 0
    }
    const verdicts = this.place(read, caller, true) as Map<string, Verdict>
    const key = this.keyOf(read)
    if (!verdicts.has(key)) this.size++
    verdicts.set(key, { cost, expires: Date.now() + VERDICT_TTL_MS })
    return cost
  }

  private keyOf(read: PricedRead): string {
    return read.multiplies ? JSON.stringify(read.params.values) : read.sql
  }

  /** The map a read's verdict is kept in (made when `make`; its key there: keyOf). */
  private place(
    read: PricedRead,
    caller: { role: string; user: string },
    make: boolean
  ): Map<string, Verdict> | undefined {
    if (!read.multiplies) return inner(this.byRole, caller.role, make)
    const statements = inner(this.byUser, JSON.stringify([caller.role, caller.user]), make)
    return statements && inner(statements, read.sql, make)
  }
}

function inner<V>(
  maps: Map<string, Map<string, V>>,
  key: string,
  make: boolean
): Map<string, V> | undefined {
  let found = maps.get(key)
  if (!found && make) maps.set(key, (found = new Map()))
  return found
}
