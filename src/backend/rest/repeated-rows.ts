// Rows that embeds repeat. A one-to-many embed of distinct rows brings each related row at most
// once (each has one parent), so its rows are bounded by its table. Below a to-one or
// many-to-many embed the parent rows repeat: `posts?select=id,profiles(id,posts(id))` brings
// every author's whole list of posts once for each of their posts, 1,000 × 1,000 rows with
// limit=1000 (6.9 s on PGlite for 20,000 posts). Such a level may bring at most the product of
// the limits above it times its own, which the plan stage bounds before any SQL is written.

import type { RestLimits } from '../request-limits'
import { RestError } from './errors'
import { cappedLimit } from './limits'
import { pathKey, type ParsedQuery, type SelectItem } from './query-ast'
import { isToOne, type Relationship } from './relationships'

type EmbedItem = SelectItem & { kind: 'embed' }

/** Whether each row of the level below appears once for all parent rows, given theirs do. */
function keepsRowsDistinct(relationship: Relationship): boolean {
  if (relationship.computed) return false
  return relationship.cardinality === 'one-to-many' || relationship.cardinality === 'one-to-one'
}

interface Repeated {
  path: string[]
  /** Each level's most rows per row above it, from the root down. */
  factors: number[]
}

const product = (factors: number[]): number => factors.reduce((a, b) => a * b, 1)

/**
 * Refuses a read whose to-many embeds below repeated rows could bring more rows, together,
 * than `maxRepeatedEmbedRows`. Every level counts at its limit (`limit=`, or max rows); the
 * root at most `rootRows` (a write's rows).
 */
export function checkRepeatedEmbedRows(
  query: ParsedQuery,
  relationships: ReadonlyMap<EmbedItem, Relationship>,
  limits: RestLimits,
  rootRows = Infinity
): void {
  const limitAt = (path: string[]): number => {
    const key = pathKey(path)
    return cappedLimit(query.limit.find((l) => pathKey(l.path) === key)?.value, limits.maxRows)
  }
  const repeated: Repeated[] = []
  const walk = (items: SelectItem[], path: string[], factors: number[], distinct: boolean) => {
    for (const item of items) {
      const relationship = item.kind === 'embed' ? relationships.get(item) : undefined
      // An embed that selects nothing (`posts!inner()`) only filters: it brings no rows.
      if (item.kind !== 'embed' || !relationship || item.select.length === 0) continue
      const childPath = [...path, item.alias ?? item.name]
      const toOne = isToOne(relationship)
      const childFactors = toOne ? factors : [...factors, limitAt(childPath)]
      if (!toOne && !distinct) repeated.push({ path: childPath, factors: childFactors })
      walk(item.select, childPath, childFactors, distinct && keepsRowsDistinct(relationship))
    }
  }
  walk(query.select, [], [Math.min(limitAt([]), rootRows)], true)
  const total = repeated.reduce((sum, level) => sum + product(level.factors), 0)
  if (total <= limits.maxRepeatedEmbedRows) return
  const worst = repeated.reduce((a, b) => (product(b.factors) > product(a.factors) ? b : a))
  const name = worst.path.join('.')
  throw new RestError(
    400,
    '54001',
    'This request would read too many rows at once',
    `'${name}' could bring ${product(worst.factors)} rows (${worst.factors.join(' × ')}): ` +
      `below a to-one or many-to-many embed rows repeat, and at most ${limits.maxRepeatedEmbedRows} may`,
    `Add a limit to '${name}' (${name}.limit=10) or to the request, or read '${name}' with a second request.`
  )
}
