// `npm run bench:thread`: a 10,000-message conversation in the renderer (open time, DOM and heap
// through a full scroll), written into the "## Long conversation" section of docs/performance.md.

import { readFile, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { launchChromium } from '../support/chromium/browser'
import { buildAndServe } from './app'
import { startBenchBackend } from './backend'
import { measureLongThread, renderLongThread } from './long-thread'
import { spliceSection } from './sections'

async function main(): Promise<void> {
  const bench = await startBenchBackend(1)
  const browser = await launchChromium()
  const loadAtStart = loadavg()[0]
  try {
    const server = await buildAndServe(bench.backend.url, bench.backend.anonKey)
    bench.backend.allowOrigin(new URL(server.url).origin)
    try {
      const result = await measureLongThread(browser, server.url, bench)
      const load = `The machine is shared: its 1-minute load average was ${loadAtStart.toFixed(1)} → ${loadavg()[0].toFixed(1)}.`
      const section = renderLongThread(result, load)
      const file = resolve(__dirname, '../../docs/performance.md')
      await writeFile(
        file,
        spliceSection(await readFile(file, 'utf8'), section, '## Image pipeline')
      )
      console.log(section.join('\n'))
    } finally {
      await server.close()
    }
  } finally {
    await browser.close()
    await bench.backend.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
