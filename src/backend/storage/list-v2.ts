// POST /object/list-v2/{bucket} (storage-js `listV2`): cursor pagination over the objects under
// a prefix, one statement per page, as the caller's role so the SELECT policies decide what
// shows. With `with_delimiter` one folder level comes back, sub-folders as `folders` (name ending
// in `/`, `key` the segment), as hosted Storage's search_v2 gives them; without it every object
// under the prefix, full keys.
// The cursor is hosted Storage's: base64 of `l:<last name>`, `o:<order>`, `c:<column>`,
// `a:<last column value>` lines.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { findBucket, isoSql } from './buckets'
import { invalidRequest, readStorageJson, StorageError } from './errors'
import { asCaller, identifyCaller } from './identity'

interface Item {
  key?: string
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

type Column = 'name' | 'updated_at' | 'created_at'

interface Cursor {
  startAfter: string
  order: 'asc' | 'desc'
  column: Column
  after?: string
}

const PARTS: [string, keyof Cursor][] = [
  ['l', 'startAfter'],
  ['o', 'order'],
  ['c', 'column'],
  ['a', 'after']
]
const MAX_KEYS = 1000

const invalidCursor = (): StorageError =>
  new StorageError(
    '400',
    'InvalidParameter',
    'InvalidParameter',
    'Invalid Parameter continuation token'
  )

function encodeCursor(cursor: Cursor): string {
  const lines = PARTS.filter(([, field]) => cursor[field]).map(([k, f]) => `${k}:${cursor[f]}`)
  return Buffer.from(lines.join('\n')).toString('base64')
}

function decodeCursor(token: string): Partial<Cursor> & { startAfter: string } {
  const result: Record<string, string> = { startAfter: '' }
  for (const line of Buffer.from(token, 'base64').toString('utf8').split('\n')) {
    const match = /^(\S):(.*)$/.exec(line)
    const part = match && PARTS.find(([k]) => k === match[1])
    if (!match || !part) throw invalidCursor()
    result[part[1]] = match[2]
  }
  if (result.order && result.order !== 'asc' && result.order !== 'desc') throw invalidCursor()
  if (result.column && !['name', 'updated_at', 'created_at'].includes(result.column)) {
    throw invalidCursor()
  }
  return result as Partial<Cursor> & { startAfter: string }
}

interface Body {
  prefix?: unknown
  limit?: unknown
  cursor?: unknown
  with_delimiter?: unknown
  sortBy?: { column?: unknown; order?: unknown }
}

function readOptions(body: Body): { prefix: string; limit: number; delimited: boolean } & Cursor {
  if (body.prefix !== undefined && typeof body.prefix !== 'string') {
    throw invalidRequest('body/prefix must be string')
  }
  if (body.limit !== undefined && (!Number.isInteger(body.limit) || (body.limit as number) < 1)) {
    throw invalidRequest('body/limit must be integer >= 1')
  }
  if (body.cursor !== undefined && typeof body.cursor !== 'string') {
    throw invalidRequest('body/cursor must be string')
  }
  const column = body.sortBy?.column ?? 'name'
  const order = body.sortBy?.order ?? 'asc'
  if (!['name', 'updated_at', 'created_at'].includes(String(column))) {
    throw invalidRequest('body/sortBy/column must be equal to one of the allowed values')
  }
  if (order !== 'asc' && order !== 'desc') {
    throw invalidRequest('body/sortBy/order must be equal to one of the allowed values')
  }
  const cursor = body.cursor ? decodeCursor(body.cursor) : null
  return {
    prefix: body.prefix ?? '',
    limit: Math.min((body.limit as number | undefined) ?? MAX_KEYS, MAX_KEYS),
    delimited: body.with_delimiter === true,
    startAfter: cursor?.startAfter ?? '',
    order: cursor?.order ?? order,
    column: cursor?.column ?? (column as Column),
    after: cursor?.after
  }
}

const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

interface PageQuery {
  delimited: boolean
  column: Column
  order: 'asc' | 'desc'
  bucketId: string
  prefix: string
  startAfter: string
  after?: string
  limit: number
}

/**
 * The page's items in order, one more than the limit (to tell whether a next page exists), all
 * in one statement. With the delimiter, rows deeper than the prefix's level fold into their
 * folder (`path_tokens` cut at that level, `/` appended). Names compare byte-wise (COLLATE "C"),
 * timestamps to the millisecond the cursor carries; folders have none and sort as NULLs do.
 */
function pageQuery(q: PageQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = []
  const bind = (value: unknown): string => `$${params.push(value)}`
  const bucket = bind(q.bucketId)
  const like = bind(likePrefix(q.prefix))
  let key = 'null::text'
  let name = 'name'
  let kept = (c: string): string => c
  if (q.delimited) {
    const level = bind(q.prefix.split('/').length)
    const leaf = `cardinality(path_tokens) = ${level}`
    key = `path_tokens[${level}]`
    name = `case when ${leaf} then name else array_to_string(path_tokens[1:${level}], '/') || '/' end`
    kept = (c) => `case when ${leaf} then ${c} end`
  }
  const items = `
    select ${key} as key, ${name} as name, ${kept('id')} as id,
           ${kept('updated_at')} as updated_at, ${kept('created_at')} as created_at,
           ${kept('last_accessed_at')} as last_accessed_at, ${kept('metadata')} as metadata
      from storage.objects
     where bucket_id = ${bucket} and name like ${like} escape '\\'`
  const byName = 'name collate "C"'
  // The column and order come from allow-lists (readOptions), never from the request as sent.
  const sortKeys =
    q.column === 'name' ? [byName] : [`date_trunc('milliseconds', ${q.column})`, byName]
  const op = q.order === 'asc' ? '>' : '<'
  let cursor = 'true'
  if (q.startAfter && q.column === 'name') cursor = `${byName} ${op} ${bind(q.startAfter)}`
  else if (q.startAfter) {
    cursor = `(${sortKeys.join(', ')}) ${op} (${bind(q.after ?? null)}::timestamptz, ${bind(q.startAfter)})`
  }
  const json = `json_build_object(${q.delimited ? "'key', key, " : ''}'name', name, 'id', id,
      'updated_at', ${isoSql('updated_at')}, 'created_at', ${isoSql('created_at')},
      'last_accessed_at', ${isoSql('last_accessed_at')}, 'metadata', metadata)`
  const sql = `
    with items as (${q.delimited ? `select distinct on (name) * from (${items}) x` : items})
    select ${json} as item from items
     where ${cursor}
     order by ${sortKeys.map((k) => `${k} ${q.order}`).join(', ')}
     limit ${bind(q.limit + 1)}`
  return { sql, params }
}

export async function handleListV2(
  context: BackendContext,
  request: ApiRequest,
  bucketId: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const options = readOptions(readStorageJson(request) as Body)
  const bucket = await findBucket(context, bucketId)
  const { column, order, limit } = options
  const { sql, params } = pageQuery({ ...options, bucketId: bucket.id })
  const rows = await asCaller(
    context,
    caller,
    request,
    async (tx) => (await tx.query<{ item: Item }>(sql, params)).rows.map((r) => r.item),
    true
  )
  const page = rows.slice(0, limit)
  const hasNext = rows.length > limit
  const end = page[page.length - 1]
  return jsonResponse(200, {
    hasNext,
    nextCursor: hasNext
      ? encodeCursor({
          startAfter: end.name,
          order,
          column,
          after: column === 'name' ? undefined : (end[column] ?? undefined)
        })
      : undefined,
    nextCursorKey: hasNext ? end.name : undefined,
    folders: page.filter((item) => item.id === null),
    objects: page.filter((item) => item.id !== null)
  })
}
