// `npm run bench:direct`: direct-message delivery latency on each database, written into the
// "## Direct messages" section of docs/performance.md.

import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { measureDirect, renderDirectSection, type DirectResults } from './direct'
import { perRequestKinds } from './per-request'
import { spliceSection } from './sections'

async function main(): Promise<void> {
  const results: DirectResults[] = []
  for (const kind of perRequestKinds()) {
    console.log(`Measuring direct-message delivery on ${kind}…`)
    results.push(await measureDirect(kind))
  }
  const section = renderDirectSection(results)
  const file = resolve(__dirname, '../../docs/performance.md')
  await writeFile(file, spliceSection(await readFile(file, 'utf8'), section, '## Image pipeline'))
  console.log(section.join('\n'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
