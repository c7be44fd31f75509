// `npm run bench:requests`: only the per-request table (tests/bench/per-request.ts), written into
// its section of docs/performance.md; `--baseline` records the numbers as the "before" column.
// `--only pglite` (or `postgres`) measures one database and prints its rows without writing the
// doc, for side-by-side runs while working on one path.

import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { measureIsolation } from './engine-isolation'
import { measurePerRequest, perRequestKinds, type PerRequestResults } from './per-request'
import { BASELINE_FILE, replacePerRequestSection, renderPerRequest } from './per-request-report'

const POSTS = 100_000

async function main(): Promise<void> {
  const only = process.argv[process.argv.indexOf('--only') + 1]
  const kinds = perRequestKinds().filter(
    (kind) => !process.argv.includes('--only') || kind === only
  )
  if (kinds.length === 0) throw new Error(`--only takes one of: ${perRequestKinds().join(', ')}`)
  const results: PerRequestResults[] = []
  for (const kind of kinds) {
    console.log(`Measuring per-request costs on ${kind} at ${POSTS.toLocaleString('en')} posts…`)
    results.push(await measurePerRequest(kind, POSTS))
  }
  if (process.argv.includes('--baseline')) {
    await writeFile(BASELINE_FILE, JSON.stringify(results, null, 2) + '\n')
    console.log(JSON.stringify(results, null, 2))
    return
  }
  console.log('Measuring what the engine worker costs per request…')
  const section = await renderPerRequest(results, await measureIsolation())
  if (process.argv.includes('--only')) {
    console.log(section)
    return
  }
  const file = resolve(__dirname, '../../docs/performance.md')
  await writeFile(file, replacePerRequestSection(await readFile(file, 'utf8'), section))
  console.log(section)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
