// One level of a read's select list (the root, or one embed) as the builder collects it: its
// output columns, the lateral joins they read from and the EXISTS conditions of `!inner`
// embeds, and how they are written out.

import type { ColumnItem } from './query-ast'
import { ident } from './sql'

/** One output column of a level; `name` is null for `alias.*`. */
export interface Entry {
  sql: string
  name: string | null
  aggregate: boolean
  /**
   * In a spread embed, an aggregate's input: the parent level applies the aggregate, since
   * spread columns count as the parent's own.
   */
  deferred?: ColumnItem
}

export interface Level {
  entries: Entry[]
  /** Lateral joins the entries read from (spread embeds, embeds of grouped levels). */
  joins: string[]
  /** EXISTS conditions of `!inner` embeds. */
  inner: string[]
}

/** ` where a and b`, or nothing for no conditions (a computed relationship has no join). */
export const whereClause = (conditions: string[]): string =>
  conditions.length ? ` where ${conditions.join(' and ')}` : ''

export function entriesSql(entries: Entry[]): string {
  return entries.length
    ? entries.map((e) => (e.name === null ? e.sql : `${e.sql} as ${ident(e.name)}`)).join(', ')
    : 'null as "_pgrst_empty"'
}
