// SELECT statements: the select list with embedded resources as correlated subqueries (spread
// and grouped levels use lateral joins), the filters, order and paging. The body around it is
// built in SQL too (read-body.ts), so that timestamps and numbers are formatted exactly as
// PostgREST formats them (Postgres's own JSON output, not JavaScript's).
//
// One statement answers a read: body, number of rows in the page and, when asked, the total.

import { aggregateSql, groupBySql, isAggregate, isLegacyCount, levelIsGrouped } from './aggregates'
import { fieldSql, filterSql, orderSql } from './build-filter'
import { cappedLimit } from './limits'
import { pathKey, type ColumnItem, type ParsedQuery, type SelectItem } from './query-ast'
import { embedSource, type EmbedSource } from './embed-source'
import type { ReadPlan } from './plan'
import { isToOne } from './relationships'
import { pageSql } from './read-body'
import type { ReadOptions, ReadSource } from './read-source'
import type { Table } from './schema-types'
import { entriesSql, whereClause, type Entry, type Level } from './read-level'
import { ident, type Aliases, type Params } from './sql'

/** Builds the SELECTs of one planned read (plan.ts resolved its embeds and checked it). */
export class ReadBuilder {
  private readonly query: ParsedQuery
  private deferredCount = 0
  /** The names Postgres gives embedded rows in errors, by our SQL alias (see source()). */
  private readonly labels = new Map<string, string>()

  constructor(
    private readonly plan: ReadPlan,
    private readonly params: Params,
    private readonly aliases: Aliases,
    private readonly aggregatesEnabled = false,
    /** Rows per level, root and embeds alike (db-max-rows); null leaves levels uncapped. */
    private readonly maxRows: number | null = null
  ) {
    this.query = plan.query
  }

  whereFor(table: Table, alias: string, path: string[]): string[] {
    const key = pathKey(path)
    return this.query.filters
      .filter((f) => pathKey(f.path) === key)
      .map((f) => filterSql(table, alias, f.value, this.params, this.label(table, alias)))
  }

  private label(table: Table, alias: string): string {
    return this.labels.get(alias) ?? table.name
  }

  private pagingFor(table: Table, alias: string, path: string[]): string {
    const key = pathKey(path)
    const terms = this.query.order.filter((o) => pathKey(o.path) === key).flatMap((o) => o.value)
    const requested = this.query.limit.find((l) => pathKey(l.path) === key)?.value
    const limit = this.maxRows === null ? requested : cappedLimit(requested, this.maxRows)
    const offset = this.query.offset.find((o) => pathKey(o.path) === key)?.value
    const order = terms.length
      ? orderSql(table, alias, terms, this.params, this.label(table, alias))
      : null
    let sql = order ? ` order by ${order}` : ''
    if (limit !== undefined) sql += ` limit ${limit}`
    if (offset !== undefined && offset > 0) sql += ` offset ${offset}`
    return sql
  }

  /**
   * The output columns for `items` on `table`. A grouped level (one with aggregates) lists
   * `*` as its columns so that each can be grouped on.
   */
  private level(
    table: Table,
    alias: string,
    items: SelectItem[],
    path: string[],
    deferAggregates = false
  ): Level {
    const ownAggregates = levelIsGrouped(table, items, this.aggregatesEnabled)
    const spreadAggregates = items.some(
      (item) =>
        item.kind === 'embed' &&
        item.spread &&
        item.select.some((inner) => inner.kind === 'column' && inner.aggregate !== null)
    )
    const grouped = !deferAggregates && (ownAggregates || spreadAggregates)
    const level: Level = { entries: [], joins: [], inner: [] }
    for (const item of items) {
      if (item.kind === 'star') {
        if (!grouped) level.entries.push({ sql: `${alias}.*`, name: null, aggregate: false })
        else level.entries.push(...this.columnsOf(table, alias))
      } else if (item.kind === 'column') {
        const deferred = deferAggregates && isAggregate(table, item)
        level.entries.push(
          deferred ? this.defer(table, alias, item) : this.column(table, alias, item)
        )
      } else if (item.spread) {
        this.spread(table, alias, item, path, level)
      } else {
        this.embed(table, alias, item, path, grouped, level)
      }
    }
    return level
  }

  /** The input of an aggregate the parent level applies, under a name of ours. */
  private defer(table: Table, alias: string, item: ColumnItem): Entry {
    let input = 'true'
    if (item.field.name !== '*' && !isLegacyCount(table, item)) {
      input = fieldSql(table, alias, item.field, this.params, this.label(table, alias))
      if (item.cast) input = `(${input})::${item.cast}`
    }
    return {
      sql: input,
      name: `_pgrst_agg_${++this.deferredCount}`,
      aggregate: false,
      deferred: item
    }
  }

  private columnsOf(table: Table, alias: string): Entry[] {
    return [...table.columns.keys()].map((name) => ({
      sql: `${alias}.${ident(name)}`,
      name,
      aggregate: false
    }))
  }

  private column(table: Table, alias: string, item: SelectItem & { kind: 'column' }): Entry {
    if (isLegacyCount(table, item)) {
      return { sql: aggregateSql(item, null), name: item.alias ?? 'count', aggregate: true }
    }
    let sql: string | null = null
    if (item.field.name !== '*') {
      sql = fieldSql(table, alias, item.field, this.params, this.label(table, alias))
      if (item.cast) sql = `(${sql})::${item.cast}`
    }
    const last = item.field.jsonPath[item.field.jsonPath.length - 1]
    if (item.aggregate) {
      return { sql: aggregateSql(item, sql), name: item.alias ?? item.aggregate, aggregate: true }
    }
    const name = item.alias ?? (last ? String(last.key) : item.field.name)
    return { sql: sql ?? `${alias}.*`, name, aggregate: false }
  }

  private source(
    parent: Table,
    parentAlias: string,
    item: SelectItem & { kind: 'embed' },
    parentPath: string[]
  ): { source: EmbedSource; path: string[] } {
    const relationship = this.plan.relationships.get(item)
    if (!relationship) throw new Error(`embed ${item.name} on ${parent.name} was not planned`)
    const path = [...parentPath, item.alias ?? item.name]
    const source = embedSource(relationship, parentAlias, this.aliases.fresh())
    // PostgREST 12 aliases embedded rows `<table>_<depth>` (a many-to-many embed keeps the
    // table's name), so Postgres names a missing column `messages_1.sum`.
    const { target } = relationship
    const many = relationship.cardinality === 'many-to-many'
    this.labels.set(source.alias, many ? target.name : `${target.name}_${path.length}`)
    return { source, path }
  }

  /** `alias:table(...)`: an object or array of the related rows under one key. */
  private embed(
    parent: Table,
    parentAlias: string,
    item: SelectItem & { kind: 'embed' },
    parentPath: string[],
    grouped: boolean,
    level: Level
  ): void {
    const { source, path } = this.source(parent, parentAlias, item, parentPath)
    const { relationship, alias } = source
    const { target } = relationship
    const nested = this.level(target, alias, item.select, path)
    const where = [...source.join, ...this.whereFor(target, alias, path), ...nested.inner]
    const whereSql = whereClause(where)
    if (item.inner) level.inner.push(`exists (select 1 from ${source.from}${whereSql})`)
    // An empty embed (`posts!inner()`) only filters.
    if (nested.entries.length === 0) return
    const groupBy = groupBySql(nested.entries.map((e) => e.aggregate))
    const paging = this.pagingFor(target, alias, path)
    const rows =
      `(select ${entriesSql(nested.entries)} from ${source.from}${nested.joins.join('')}` +
      `${whereSql}${groupBy}${paging}) ${alias}_row`
    const value = isToOne(relationship)
      ? `(select row_to_json(${alias}_row) from ${rows})`
      : `(select coalesce(json_agg(${alias}_row), '[]') from ${rows})`
    const name = item.alias ?? item.name
    if (!grouped) {
      level.entries.push({ sql: value, name, aggregate: false })
      return
    }
    // A grouped level groups on the embedded value too: computed per row in a lateral join
    // (a correlated subquery cannot read ungrouped columns), as jsonb, which has equality.
    level.joins.push(` left join lateral (select (${value})::jsonb as v) ${alias}_v on true`)
    level.entries.push({ sql: `${alias}_v.v`, name, aggregate: false })
  }

  /** `...profiles(username)`: the columns of a to-one embed as columns of the parent. */
  private spread(
    parent: Table,
    parentAlias: string,
    item: SelectItem & { kind: 'embed' },
    parentPath: string[],
    level: Level
  ): void {
    const { source, path } = this.source(parent, parentAlias, item, parentPath)
    const { relationship, alias } = source
    const { target } = relationship
    const nested = this.level(target, alias, item.select, path, true)
    const where = [...source.join, ...this.whereFor(target, alias, path), ...nested.inner]
    const whereSql = whereClause(where)
    if (item.inner) level.inner.push(`exists (select 1 from ${source.from}${whereSql})`)
    // Named columns, so the parent can list (and group on) each of them.
    const entries = nested.entries.flatMap((e) =>
      e.name === null ? this.columnsOf(target, alias) : [e]
    )
    if (entries.length === 0) return
    const spreadAlias = `${alias}_s`
    level.joins.push(
      ` left join lateral (select ${entriesSql(entries)} from ${source.from}` +
        `${nested.joins.join('')}${whereSql} limit 1) ${spreadAlias} on true`
    )
    for (const entry of entries) {
      const name = entry.name as string
      const column = `${spreadAlias}.${ident(name)}`
      const deferred = entry.deferred
      if (!deferred) {
        level.entries.push({ sql: column, name, aggregate: false })
      } else {
        // count() counts the rows the spread matched: the input is `true` where there is one.
        const outputName = deferred.alias ?? deferred.aggregate ?? 'count'
        const sql = aggregateSql(deferred, column)
        level.entries.push({ sql, name: outputName, aggregate: true })
      }
    }
  }

  /** The `!inner` conditions of the root, for a separate count statement. */
  private innerConditions(
    table: Table,
    alias: string,
    items: SelectItem[],
    path: string[]
  ): string[] {
    const conditions: string[] = []
    for (const item of items) {
      if (item.kind !== 'embed' || !item.inner) continue
      const { source, path: embedPath } = this.source(table, alias, item, path)
      const target = source.relationship.target
      const where = [
        ...source.join,
        ...this.whereFor(target, source.alias, embedPath),
        ...this.innerConditions(target, source.alias, item.select, embedPath)
      ]
      conditions.push(`exists (select 1 from ${source.from}${whereClause(where)})`)
    }
    return conditions
  }

  /**
   * `select 1 from ... where ...` for the rows a read matches, with its own parameters: what
   * `count=planned` asks the planner about.
   */
  matchingRows(source: ReadSource): string {
    const { table, alias } = source
    const where = [
      ...(source.where ?? []),
      ...this.whereFor(table, alias, []),
      ...this.innerConditions(table, alias, this.query.select, [])
    ]
    const whereSql = whereClause(where)
    return `select 1 from ${source.from}${whereSql}`
  }

  /** The read's one statement (read-body.ts shapes its outermost SELECT). */
  build(source: ReadSource, options: ReadOptions): string {
    const { table, alias } = source
    const level = this.level(table, alias, this.query.select, [])
    const where = [
      ...(source.where ?? []),
      ...(options.applyQuery ? this.whereFor(table, alias, []) : []),
      ...level.inner
    ]
    const whereSql = whereClause(where)
    const groupBy = groupBySql(level.entries.map((e) => e.aggregate))
    const paging = options.applyQuery ? this.pagingFor(table, alias, []) : ''
    const rows = `select ${entriesSql(level.entries)} from ${source.from}${level.joins.join('')}${whereSql}${groupBy}${paging}`
    const counted = options.countCap
      ? `(select 1 from ${source.from}${whereSql} limit ${options.countCap}) _pgrst_c`
      : `${source.from}${whereSql}`
    return pageSql(rows, counted, options)
  }
}
