// Bucket rules a project declares in supabase/config.toml's `[storage.buckets.<id>]` tables
// that only the local backend applies. Hosted Storage checks what a bucket's row declares
// (file_size_limit, allowed_mime_types) and nothing of the bytes; `check_image_content = true`
// asks the local backend to also refuse an upload that is not a whole image of its declared
// type (image-content.ts). The Supabase CLI and hosted Supabase ignore the key.

import { existsSync, readFileSync } from 'node:fs'
import { isTomlTable, parseToml, tableAt } from '../config-toml'

export interface StorageConfig {
  /** Buckets whose uploads must be whole images of their declared type. */
  imageContentBuckets: string[]
}

export const DEFAULT_STORAGE_CONFIG: StorageConfig = { imageContentBuckets: [] }

export function parseStorageConfig(source: string, file?: string): StorageConfig {
  const buckets = tableAt(parseToml(source, file), 'storage.buckets')
  const imageContentBuckets = Object.entries(buckets)
    .filter(([, options]) => isTomlTable(options) && options.check_image_content === true)
    .map(([id]) => id)
  return { imageContentBuckets }
}

/** The [storage.buckets] rules of the config.toml at `path`, or none when there is no file. */
export function loadStorageConfig(path: string): StorageConfig {
  if (!existsSync(path)) return DEFAULT_STORAGE_CONFIG
  return parseStorageConfig(readFileSync(path, 'utf8'), path)
}
