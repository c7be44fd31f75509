// `npm run schema`: writes supabase/schema.sql, the whole current schema (bootstrap, every
// migration and the realtime capture) as a fresh local backend on PGlite has it. Run it after
// adding a migration; tests/integration/db/schema-file.test.ts fails while the file is stale.

import { readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { dumpCurrentSchema, SCHEMA_FILE } from './lib/schema-dump'

async function main(): Promise<void> {
  const dump = await dumpCurrentSchema()
  let previous = ''
  try {
    previous = readFileSync(SCHEMA_FILE, 'utf8')
  } catch {
    // First run: there is no file yet.
  }
  const name = relative(process.cwd(), SCHEMA_FILE)
  if (previous === dump) {
    console.log(`${name} is up to date`)
    return
  }
  writeFileSync(SCHEMA_FILE, dump)
  console.log(`wrote ${name} (${dump.split('\n').length} lines)`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
