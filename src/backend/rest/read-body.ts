// The outermost SELECT of a read: the body built in SQL (a JSON array or object, JSON without
// nulls, or CSV), the number of rows in the page, the total when a count was asked for, and the
// body's size when it has a limit. The body is text, so the drivers hand back exactly what
// Postgres printed.

import type { ReadOptions } from './read-source'

/**
 * CSV as PostgREST writes it: the column names, then each row's record text without its
 * parentheses (so NULL is an empty field and text with commas or quotes is double-quoted).
 */
const CSV_BODY =
  `(select coalesce(string_agg(k, ','), '') from json_object_keys((array_agg(row_to_json(_pgrst_t)))[1]) k)` +
  ` || chr(10) || coalesce(string_agg(substring(_pgrst_t::text, 2, length(_pgrst_t::text) - 2), chr(10)), '')`

function bodySql(options: ReadOptions): string {
  if (options.bodyless) return 'null::text'
  if (options.format === 'csv') return CSV_BODY
  const json = options.single ? `(json_agg(_pgrst_t) -> 0)` : `coalesce(json_agg(_pgrst_t), '[]')`
  // Keys whose value is null are left out at every depth, as PostgREST's nulls=stripped does.
  return options.format === 'json-stripped' ? `json_strip_nulls(${json})::text` : `${json}::text`
}

/**
 * `select <body>, <page_count>, <total> from (<rows>) _pgrst_t`; `counted` is the FROM of the
 * count, the read's rows without paging. With a body limit the body is null past it and
 * `body_bytes` says how long it was (the caller refuses it).
 */
export function pageSql(rows: string, counted: string, options: ReadOptions): string {
  const total = options.count ? `(select count(*) from ${counted})::int8` : 'null::int8'
  const sql = `select ${bodySql(options)} as body, count(*)::int8 as page_count, ${total} as total from (${rows}) _pgrst_t`
  if (options.maxBodyBytes === undefined) return sql
  const bytes = 'octet_length(_pgrst_r.body)'
  return (
    `select case when ${bytes} > ${options.maxBodyBytes} then null else _pgrst_r.body end as body,` +
    ` ${bytes} as body_bytes, _pgrst_r.page_count, _pgrst_r.total from (${sql}) _pgrst_r`
  )
}
