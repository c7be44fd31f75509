// The query string as a small AST (parse-query.ts and its parts build it): the select list,
// filters and logic trees, order, limit and offset, each scoped to the root or an embed.

export interface JsonStep {
  /** `->` keeps JSON, `->>` gives text. */
  arrow: '->' | '->>'
  key: string | number
}

export interface Field {
  name: string
  jsonPath: JsonStep[]
}

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const
export type Aggregate = (typeof AGGREGATES)[number]

export interface ColumnItem {
  kind: 'column'
  /** `*` only for `count()` without a column. */
  field: Field
  alias: string | null
  /** Cast of the column value (for aggregates: of the aggregate's input). */
  cast: string | null
  aggregate: Aggregate | null
  /** `amount.avg()::int`: cast of the aggregate's result. */
  aggregateCast: string | null
  /**
   * A bare `count` written before aggregates existed (`likes(count)`); PostgREST keeps
   * answering it even when aggregate functions are disabled.
   */
  legacyCount: boolean
}

export type SelectItem =
  | { kind: 'star' }
  | ColumnItem
  | {
      kind: 'embed'
      /** The relation as written: a table name. */
      name: string
      alias: string | null
      /** `!fk_name` or `!column` hints that pick one relationship. */
      hints: string[]
      inner: boolean
      spread: boolean
      select: SelectItem[]
    }

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts'
] as const
export type Operator = (typeof OPERATORS)[number]

export interface Condition {
  kind: 'condition'
  field: Field
  negated: boolean
  op: Operator
  /** fts language, or `any`/`all` for quantified comparisons. */
  modifier: string | null
  /** The list for `in`, one string otherwise. */
  value: string | string[]
}

export interface LogicTree {
  kind: 'logic'
  op: 'and' | 'or'
  negated: boolean
  children: Filter[]
}

export type Filter = Condition | LogicTree

export interface OrderTerm {
  field: Field
  descending: boolean
  nulls: 'first' | 'last' | null
}

/** Filters, order and paging for the root (path []) or an embedded resource (its alias path). */
export interface Scoped<T> {
  path: string[]
  value: T
}

export interface ParsedQuery {
  select: SelectItem[]
  filters: Scoped<Filter>[]
  order: Scoped<OrderTerm[]>[]
  limit: Scoped<number>[]
  offset: Scoped<number>[]
  /** `columns=` of bulk inserts. */
  columns: string[] | null
  onConflict: string[] | null
}

/** The key of an embed path (aliases or names from the root), for maps and sets. */
export const pathKey = (path: string[]): string => path.join('\u0000')
