// Backend data folders whose PGlite database is already migrated, for tests that start the CLI
// or a script as a child process on a folder (which cannot be handed the prepared snapshot, see
// src/backend/db/open.ts): a child on an empty folder spends most of its start in initdb and the
// migrations. One folder is made per process from the prepared snapshot (a backend started and
// closed on it, as the app leaves one) and copied per call; a closed folder copies whole.
// tests/integration/auth/cli-keys.test.ts still starts the CLI on an empty folder.

import { rmSync } from 'node:fs'
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startHarness } from './backend-harness'

let template: Promise<string> | null = null

async function makeTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'instaframe-migrated-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  const harness = await startHarness('pglite', '', { dataDir: dir })
  await harness.close()
  return dir
}

/**
 * A copy of the migrated folder at `into` (a new temporary folder when not given); the caller
 * removes it.
 */
export async function migratedDataFolder(into?: string): Promise<string> {
  template ??= makeTemplate().catch((error: unknown) => {
    template = null
    throw error
  })
  const source = await template
  const dir = into ?? (await mkdtemp(join(tmpdir(), 'instaframe-folder-')))
  await cp(source, dir, { recursive: true })
  return dir
}
