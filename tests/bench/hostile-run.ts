// `npm run bench:hostile`: only the hostile-request bench (hostile.ts), on PGlite and, when its
// binaries are installed, PostgreSQL, written into its section of docs/performance.md.

import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { measureHostile, renderHostile, type HostileResults } from './hostile'
import { perRequestKinds } from './per-request'
import { spliceSection } from './sections'

async function main(): Promise<void> {
  const results: HostileResults[] = []
  for (const kind of perRequestKinds()) {
    console.log(`Hostile requests on ${kind}…`)
    results.push(await measureHostile(kind))
  }
  const section = renderHostile(results)
  const file = resolve(__dirname, '../../docs/performance.md')
  await writeFile(file, spliceSection(await readFile(file, 'utf8'), section))
  console.log(section.join('\n'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
