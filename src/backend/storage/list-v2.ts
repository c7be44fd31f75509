// POST /object/list-v2/{bucket} (storage-js `listV2`): cursor pagination over the objects under a
// prefix, as the caller's role so the SELECT policies decide what shows. With `with_delimiter`
// one folder level comes back, sub-folders as `folders` (name ending in `/`, `key` the segment),
// as hosted Storage's search_v2 gives them; without it every object under the prefix, full keys.
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

/** One folder level: objects at the prefix's level, deeper ones folded into their folder. */
function delimit(rows: Item[], prefix: string): Item[] {
  const level = prefix.split('/').length
  const items: Item[] = []
  const folders = new Set<string>()
  for (const row of rows) {
    const segments = row.name.split('/')
    if (segments.length === level) {
      items.push({ key: segments[level - 1], ...row })
      continue
    }
    const name = `${segments.slice(0, level).join('/')}/`
    if (folders.has(name)) continue
    folders.add(name)
    items.push({
      key: segments[level - 1],
      name,
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null
    })
  }
  return items
}

// Byte order, as COLLATE "C"; timestamps are ISO strings, so they sort as text too. Folders
// have no timestamps and come last going up, first going down, as NULLs do in PostgreSQL.
function compare(a: Item, b: Item, column: Column): number {
  const byName = a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  if (column === 'name') return byName
  const x = a[column]
  const y = b[column]
  if (x === y) return byName
  if (x === null) return 1
  if (y === null) return -1
  return x < y ? -1 : 1
}

export async function handleListV2(
  context: BackendContext,
  request: ApiRequest,
  bucketId: string
): Promise<ApiResponse> {
  const caller = await identifyCaller(context, request, 'strict')
  const options = readOptions(readStorageJson(request) as Body)
  const bucket = await findBucket(context, bucketId)
  const { prefix, column, order, limit } = options
  const rows = await asCaller(
    context,
    caller,
    request,
    async (tx) =>
      (
        await tx.query<{ item: Item }>(
          `select json_build_object('id', id, 'name', name, 'metadata', metadata,
                    'updated_at', ${isoSql('updated_at')}, 'created_at', ${isoSql('created_at')},
                    'last_accessed_at', ${isoSql('last_accessed_at')}) as item
             from storage.objects
            where bucket_id = $1 and left(name, length($2)) = $2`,
          [bucket.id, prefix]
        )
      ).rows.map((r) => r.item),
    true
  )
  const sign = order === 'desc' ? -1 : 1
  const items = (options.delimited ? delimit(rows, prefix) : rows).sort(
    (a, b) => sign * compare(a, b, column)
  )
  const last: Item = {
    name: options.startAfter,
    id: null,
    updated_at: options.after ?? null,
    created_at: options.after ?? null,
    last_accessed_at: null,
    metadata: null
  }
  const after = options.startAfter
    ? items.filter((item) => sign * compare(item, last, column) > 0)
    : items
  const page = after.slice(0, limit)
  const hasNext = after.length > limit
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
