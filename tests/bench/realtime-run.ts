// `npm run bench:realtime`: only the realtime numbers (commit → callback latency, memory per
// idle subscriber), written into the "## Realtime" section of docs/performance.md.

import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { measureRealtime, renderRealtimeSection } from './realtime'
import { spliceSection } from './sections'

async function main(): Promise<void> {
  console.log('Measuring realtime latency and idle subscriber memory…')
  const section = renderRealtimeSection(await measureRealtime())
  const file = resolve(__dirname, '../../docs/performance.md')
  // Where the full report puts it: after the event-loop numbers, before the image pipeline.
  await writeFile(file, spliceSection(await readFile(file, 'utf8'), section, '## Image pipeline'))
  console.log(section.join('\n'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
