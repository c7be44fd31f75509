// Orphan sweep: what a crash can leave behind in storage, removed when the backend starts (and
// hourly while it runs).
//
// Creating a post is two requests, an upload and then the post insert; if the insert fails, the
// client removes the upload (src/shared/data/posts.ts). That compensation cannot run when
// the client or the backend dies in between, so an object under posts/ can outlive the post it
// was uploaded for. Within one upload, the bytes are published just before the commit
// (upload.ts): a kill -9 in that window leaves a file with no object row, and one during staging
// leaves a temporary file in .staging. The sweep removes, as the database owner:
// 1. objects under `posts/` older than the grace period that no row of a public table references
//    in any of its `*_url` columns (posts.image_url and thumb_url, the carousel photos in
//    post_images; public URLs are matched by their path, not their host, which changes with the
//    port) — with their files; likewise objects under `avatars/` that no avatar_url points at (an
//    avatar upload whose profile update never happened);
// 2. files in bucket folders that have no object row and are older than the grace period;
// 3. everything in .staging (at start nothing is in flight; later, only files older than grace).
// The grace period keeps an upload whose insert is still on its way (a client that uploaded just
// before a restart). Without a public.posts or public.profiles table (a generic Supabase-style
// schema) step 1 leaves that folder alone.
//
// Stories live 24 hours. Their policies already hide them once expired; the sweep first deletes
// the expired rows (their views go with them), and then their photos, unreferenced now, go by
// step 1 applied to `stories/` and public.stories. docs/stories-expiry.md is the same job for a
// hosted project.

import { readdir, stat, unlink } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { BackendContext } from '../context'
import type { ByteStore } from './byte-store'
import { storedKeySegments } from './keys'

export interface SweepReport {
  /** Expired stories deleted. */
  expiredStories: number
  /** `bucket/name` of each object row removed. */
  orphanedObjects: string[]
  /** Files removed from bucket folders and from .staging. */
  strayFiles: number
}

/**
 * Folders whose objects belong to rows of a table: an object there that no `*_url` column of
 * the table points at, once older than the grace period, is an orphan. Post images are uploaded
 * before their post row; avatars before the profile update that points at them; story photos
 * outlive their expired story.
 */
interface UploadFolder {
  prefix: string
  table: 'posts' | 'profiles' | 'stories'
}

const UPLOAD_FOLDERS: UploadFolder[] = [
  { prefix: 'posts/', table: 'posts' },
  { prefix: 'avatars/', table: 'profiles' },
  { prefix: 'stories/', table: 'stories' }
]

interface UrlColumn {
  table: string
  column: string
}

/**
 * Every text `*_url` column of a table in public: posts and their carousel photos
 * (post_images), avatars, stories today, and whatever table later keeps a public URL, so no referenced object is
 * ever swept.
 */
async function referencingColumns(context: BackendContext): Promise<UrlColumn[]> {
  const { rows } = await context.db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name
     from information_schema.columns c
     join information_schema.tables t
       on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       and c.column_name like '%\\_url' and c.data_type = 'text'
     order by c.table_name, c.column_name`
  )
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }))
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`

/** Deletes the stories that expired; their photos are queued for removal by the database. */
export async function expireStories(context: BackendContext): Promise<number> {
  const { rows } = await context.db.query<{ present: boolean }>(
    `select to_regclass('public.stories') is not null as present`
  )
  if (!rows[0]?.present) return 0
  const { rowCount } = await context.db.query(
    'delete from public.stories where expires_at <= now()'
  )
  return rowCount
}

async function sweepObjects(
  context: BackendContext,
  store: ByteStore,
  graceSeconds: number,
  { prefix, table }: UploadFolder
): Promise<string[]> {
  const columns = await referencingColumns(context)
  // Without the folder's own table (a generic Supabase-style schema) nothing can prove an object
  // unused. A URL kept by any public table keeps the object (a carousel photo in post_images).
  if (!columns.some((c) => c.table === table)) return []
  // Names come from the catalog and are quoted; values are bound.
  const referenced = columns
    .map(
      ({ table: source, column }) =>
        `select substring(t.${quoted(column)} from '/storage/v1/object/public/([^?#]*)') as path from public.${quoted(source)} t`
    )
    .join(' union all ')
  const { rows } = await context.db.query<{ bucket_id: string; name: string }>(
    `with referenced as (${referenced})
     delete from storage.objects o
     where o.name like $1 || '%'
       and o.created_at < now() - make_interval(secs => $2)
       and not exists (select 1 from referenced r where r.path = o.bucket_id || '/' || o.name)
     returning o.bucket_id, o.name`,
    [prefix, graceSeconds]
  )
  for (const row of rows) {
    if (storedKeySegments(row.name)) await store.remove(row.bucket_id, row.name)
  }
  return rows.map((r) => `${r.bucket_id}/${r.name}`)
}

async function listFiles(dir: string): Promise<string[]> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true })
  } catch {
    return []
  }
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

async function olderThan(file: string, cutoff: number): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs < cutoff
  } catch {
    return false
  }
}

async function sweepFiles(
  context: BackendContext,
  storageDir: string,
  graceSeconds: number,
  atStart: boolean
): Promise<number> {
  const cutoff = Date.now() - graceSeconds * 1000
  let removed = 0
  for (const file of await listFiles(join(storageDir, '.staging'))) {
    if (atStart || (await olderThan(file, cutoff))) {
      await unlink(file).catch(() => undefined)
      removed++
    }
  }
  for (const file of await listFiles(storageDir)) {
    const parts = relative(storageDir, file).split(sep)
    if (parts[0] === '.staging' || parts.length < 2) continue
    let bucket: string
    let key: string
    try {
      // diskName (keys.ts) percent-encodes every unsafe character, so this reverses it.
      ;[bucket, key] = [
        decodeURIComponent(parts[0]),
        parts.slice(1).map(decodeURIComponent).join('/')
      ]
    } catch {
      continue
    }
    if (!(await olderThan(file, cutoff))) continue
    const { rows } = await context.db.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [bucket, key]
    )
    if (rows.length === 0) {
      await unlink(file).catch(() => undefined)
      removed++
    }
  }
  return removed
}

export async function sweepOrphanedUploads(
  context: BackendContext,
  store: ByteStore,
  options: { graceMinutes: number; atStart: boolean }
): Promise<SweepReport> {
  const graceSeconds = Math.max(0, options.graceMinutes * 60)
  const expiredStories = await expireStories(context)
  const orphanedObjects: string[] = []
  for (const folder of UPLOAD_FOLDERS) {
    orphanedObjects.push(...(await sweepObjects(context, store, graceSeconds, folder)))
  }
  const storageDir = context.config.storageDir
  const strayFiles = storageDir
    ? await sweepFiles(context, storageDir, graceSeconds, options.atStart)
    : 0
  return { expiredStories, orphanedObjects, strayFiles }
}
