// Reads migrations from a folder: supabase/migrations in the repo, resources in a packaged app.

import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseMigrationFileName, type Migration } from './migrations'

export async function loadMigrations(folder: string): Promise<Migration[]> {
  const files = (await readdir(folder)).sort()
  const migrations: Migration[] = []
  for (const file of files) {
    const parsed = parseMigrationFileName(file)
    if (parsed) migrations.push({ ...parsed, sql: await readFile(join(folder, file), 'utf8') })
  }
  return migrations
}
