// SELECT statements: the select list with embedded resources as correlated subqueries, the
// filters, order and paging, and the JSON body built in SQL (json_agg / row_to_json) so that
// timestamps and numbers are formatted exactly as PostgREST formats them (read through JS,
// PGlite would hand back timestamptz as Date and numeric as strings).
//
// One statement answers a read: body, number of rows in the page and, when asked, the total.

import { fieldSql, filterSql, orderSql } from './build-filter'
import { RestError } from './errors'
import { cappedLimit } from './limits'
import type { ParsedQuery, SelectItem, Scoped } from './parse-query'
import { resolveRelationship } from './relationships'
import type { SchemaCache, Table } from './schema-cache'
import { ident, type Aliases, type Params } from './sql'

export interface ReadSource {
  table: Table
  /** FROM item that defines `alias`, e.g. `"public"."posts" as _t0`. */
  from: string
  alias: string
  /** Extra WHERE conditions that are not from the query string. */
  where?: string[]
}

export interface ReadOptions {
  /** Add a `total` column with the exact count of matching rows (limit and offset ignored). */
  count: boolean
  /** Body is the single row as an object (the caller checks page_count first). */
  single: boolean
  /** HEAD: no body needed. */
  bodyless: boolean
  /** Apply the root filters, order and paging (false for mutation results). */
  applyQuery: boolean
}

const pathKey = (path: string[]): string => path.join('\u0000')

/** Builds SELECTs for one request; remembers which embed paths were used by the select. */
export class ReadBuilder {
  private readonly usedPaths = new Set<string>([''])
  /** How many one-to-many embeds the select has (rest/limits.ts plans those reads first). */
  toManyEmbeds = 0

  constructor(
    private readonly cache: SchemaCache,
    private readonly query: ParsedQuery,
    private readonly params: Params,
    private readonly aliases: Aliases,
    /** Rows per level, root and embeds alike (db-max-rows); null leaves levels uncapped. */
    private readonly maxRows: number | null = null
  ) {}

  /** Filters, order or paging given for an embed that the select does not have: PGRST108. */
  checkScopes(): void {
    const scoped: Scoped<unknown>[] = [
      ...this.query.filters,
      ...this.query.order,
      ...this.query.limit,
      ...this.query.offset
    ]
    for (const { path } of scoped) {
      if (!this.usedPaths.has(pathKey(path))) {
        const name = path[path.length - 1]
        throw new RestError(
          400,
          'PGRST108',
          `'${name}' is not an embedded resource in this request`,
          null,
          `Verify that '${name}' is included in the 'select' query parameter.`
        )
      }
    }
  }

  whereFor(table: Table, alias: string, path: string[]): string[] {
    const key = pathKey(path)
    return this.query.filters
      .filter((f) => pathKey(f.path) === key)
      .map((f) => filterSql(table, alias, f.value, this.params))
  }

  private pagingFor(table: Table, alias: string, path: string[]): string {
    const key = pathKey(path)
    const terms = this.query.order.filter((o) => pathKey(o.path) === key).flatMap((o) => o.value)
    const requested = this.query.limit.find((l) => pathKey(l.path) === key)?.value
    const limit = this.maxRows === null ? requested : cappedLimit(requested, this.maxRows)
    const offset = this.query.offset.find((o) => pathKey(o.path) === key)?.value
    let sql = terms.length ? ` order by ${orderSql(table, alias, terms, this.params)}` : ''
    if (limit !== undefined) sql += ` limit ${limit}`
    if (offset !== undefined && offset > 0) sql += ` offset ${offset}`
    return sql
  }

  /** The select list for `items` on `table`, plus the EXISTS conditions of `!inner` embeds. */
  selectList(
    table: Table,
    alias: string,
    items: SelectItem[],
    path: string[]
  ): { columns: string[]; inner: string[] } {
    const columns: string[] = []
    const inner: string[] = []
    for (const item of items) {
      if (item.kind === 'star') {
        columns.push(`${alias}.*`)
      } else if (item.kind === 'column') {
        let sql = fieldSql(table, alias, item.field, this.params)
        if (item.cast) sql = `(${sql})::${item.cast}`
        const last = item.field.jsonPath[item.field.jsonPath.length - 1]
        const name = item.alias ?? (last ? String(last.key) : item.field.name)
        columns.push(`${sql} as ${ident(name)}`)
      } else {
        const embed = this.embed(table, alias, item, path)
        if (embed.column) columns.push(embed.column)
        if (embed.inner) inner.push(embed.inner)
      }
    }
    return { columns, inner }
  }

  private embed(
    parent: Table,
    parentAlias: string,
    item: SelectItem & { kind: 'embed' },
    parentPath: string[]
  ): { column: string | null; inner: string | null } {
    if (item.spread) {
      throw new RestError(400, 'PGRST100', 'Spread embeds (...) are not supported by this server')
    }
    const relationship = resolveRelationship(this.cache, parent, item.name, item.hints)
    const { fk, target } = relationship
    if (!relationship.toOne) this.toManyEmbeds += 1
    const path = [...parentPath, item.alias ?? item.name]
    this.usedPaths.add(pathKey(path))
    const alias = this.aliases.fresh()
    const join = fk.columns.map((column, i) =>
      relationship.direction === 'many-to-one'
        ? `${alias}.${ident(fk.refColumns[i])} = ${parentAlias}.${ident(column)}`
        : `${alias}.${ident(column)} = ${parentAlias}.${ident(fk.refColumns[i])}`
    )
    const from = `"public".${ident(target.name)} as ${alias}`
    const list = this.selectList(target, alias, item.select, path)
    const where = [...join, ...this.whereFor(target, alias, path), ...list.inner].join(' and ')
    const inner = item.inner ? `exists (select 1 from ${from} where ${where})` : null
    const paging = this.pagingFor(target, alias, path)
    if (list.columns.length === 0) return { column: null, inner }
    const rows = `(select ${list.columns.join(', ')} from ${from} where ${where}${paging}) ${alias}_row`
    const value = relationship.toOne
      ? `(select row_to_json(${alias}_row) from ${rows})`
      : `(select coalesce(json_agg(${alias}_row), '[]') from ${rows})`
    return { column: `${value} as ${ident(item.alias ?? item.name)}`, inner }
  }

  /**
   * `select <body>, <page_count>[, <total>] from (<rows>) _pgrst_t`. The body is text, so
   * the drivers hand back exactly what Postgres printed.
   */
  build(source: ReadSource, options: ReadOptions): string {
    const { table, alias } = source
    const list = this.selectList(table, alias, this.query.select, [])
    const where = [
      ...(source.where ?? []),
      ...(options.applyQuery ? this.whereFor(table, alias, []) : []),
      ...list.inner
    ]
    const whereSql = where.length ? ` where ${where.join(' and ')}` : ''
    const paging = options.applyQuery ? this.pagingFor(table, alias, []) : ''
    this.checkScopes()
    const columns = list.columns.length ? list.columns.join(', ') : 'null as "_pgrst_empty"'
    const rows = `select ${columns} from ${source.from}${whereSql}${paging}`
    const body = options.bodyless
      ? 'null::text'
      : options.single
        ? `(json_agg(_pgrst_t) -> 0)::text`
        : `coalesce(json_agg(_pgrst_t), '[]')::text`
    const total = options.count
      ? `(select count(*) from ${source.from}${whereSql})::int8`
      : 'null::int8'
    return `select ${body} as body, count(*)::int8 as page_count, ${total} as total from (${rows}) _pgrst_t`
  }
}
