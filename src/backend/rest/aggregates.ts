// Aggregate functions in select (`amount.sum()`, `count()`, `likes(count)`), as PostgREST 12
// does them: the other columns of the same level become the GROUP BY, and they are refused
// with PGRST123 unless switched on, because one aggregate can make the server read a whole
// table.

import { RestError } from './errors'
import type { ColumnItem, SelectItem } from './query-ast'
import type { Table } from './schema-types'

export function aggregatesNotAllowed(): RestError {
  return new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
}

/** A bare `count` is the legacy row count unless the table has a column of that name. */
export function isLegacyCount(table: Table, item: ColumnItem): boolean {
  return item.legacyCount && !table.columns.has('count')
}

export function isAggregate(table: Table, item: SelectItem): boolean {
  return item.kind === 'column' && (item.aggregate !== null || isLegacyCount(table, item))
}

/** True when this level of the select groups its rows. */
export function levelIsGrouped(table: Table, items: SelectItem[], enabled: boolean): boolean {
  let grouped = false
  for (const item of items) {
    if (item.kind !== 'column') continue
    if (item.aggregate !== null && !enabled) throw aggregatesNotAllowed()
    if (isAggregate(table, item)) grouped = true
  }
  return grouped
}

/**
 * The aggregate call over `input` (already cast), with the optional cast of its result.
 * `input` is null for `count()` and the legacy `count`, which count rows.
 */
export function aggregateSql(item: ColumnItem, input: string | null): string {
  const fn = item.aggregate ?? 'count'
  const call = `${fn}(${input ?? '*'})`
  return item.aggregateCast ? `(${call})::${item.aggregateCast}` : call
}

/** `group by 2, 3`: the positions of a grouped level's plain columns. */
export function groupBySql(aggregateFlags: boolean[]): string {
  if (!aggregateFlags.includes(true)) return ''
  const positions = aggregateFlags.flatMap((aggregate, i) => (aggregate ? [] : [i + 1]))
  return positions.length ? ` group by ${positions.join(', ')}` : ''
}
