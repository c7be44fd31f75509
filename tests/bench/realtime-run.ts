// `npm run bench:realtime`: only the realtime numbers (commit → callback latency, memory per
// idle subscriber), written into the "## Realtime" section of docs/performance.md.

import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { perRequestKinds } from './per-request'
import { measureRealtime, renderRealtimeSection, type RealtimeResults } from './realtime'
import { spliceSection } from './sections'

async function main(): Promise<void> {
  const results: RealtimeResults[] = []
  for (const kind of perRequestKinds()) {
    console.log(`Measuring realtime latency and idle subscriber memory on ${kind}…`)
    results.push(await measureRealtime(kind))
  }
  const section = renderRealtimeSection(results)
  const file = resolve(__dirname, '../../docs/performance.md')
  // Where the full report puts it: after the event-loop numbers, before the image pipeline.
  await writeFile(file, spliceSection(await readFile(file, 'utf8'), section, '## Image pipeline'))
  console.log(section.join('\n'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
