// POST /object/list/{bucket} (storage-js `list()`): one folder level, folders as entries with
// null ids, as the caller's role so the SELECT policies decide what shows.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { findBucket } from './buckets'
import { readStorageJson } from './errors'
import { asCaller, identifyCaller } from './identity'

interface Entry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

const SORTABLE = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at'])

interface ListBody {
  prefix?: unknown
  limit?: unknown
  offset?: unknown
  search?: unknown
  sortBy?: { column?: unknown; order?: unknown }
}

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function handleList(
  context: BackendContext,
  request: ApiRequest,
  bucketId: string
): Promise<ApiResponse> {
  const body = readStorageJson(request) as ListBody
  const caller = await identifyCaller(context, request, 'strict')
  const bucket = await findBucket(context, bucketId)
  const rawPrefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+|\/+$/g, '') : ''
  const prefix = rawPrefix ? `${rawPrefix}/` : ''
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000)
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0)
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : ''
  const column = SORTABLE.has(String(body.sortBy?.column)) ? String(body.sortBy?.column) : 'name'
  const descending = String(body.sortBy?.order).toLowerCase() === 'desc'

  const rows = await asCaller(
    context,
    caller,
    request,
    async (tx) =>
      (
        await tx.query<{ entry: Entry }>(
          `select jsonb_build_object('name', name, 'id', id, 'updated_at', updated_at,
                    'created_at', created_at, 'last_accessed_at', last_accessed_at,
                    'metadata', metadata) as entry
             from storage.objects
            where bucket_id = $1 and name like $2 escape '\\'
            order by name`,
          [bucket.id, `${likeEscape(prefix)}%`]
        )
      ).rows,
    true
  )

  const folders = new Map<string, Entry>()
  const files: Entry[] = []
  for (const { entry } of rows) {
    const rest = entry.name.slice(prefix.length)
    const slash = rest.indexOf('/')
    const name = slash === -1 ? rest : rest.slice(0, slash)
    if (!name || !name.toLowerCase().startsWith(search)) continue
    if (slash === -1) files.push({ ...entry, name })
    else if (!folders.has(name)) {
      folders.set(name, {
        name,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null
      })
    }
  }
  const key = (e: Entry): string => String(e[column as keyof Entry] ?? e.name)
  const entries = [...folders.values(), ...files].sort((a, b) => {
    const order = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0
    return descending ? -order : order
  })
  return jsonResponse(200, entries.slice(offset, offset + limit))
}
