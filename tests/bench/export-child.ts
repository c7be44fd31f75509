// The exporter alone in its own process (as main runs it in the desktop app), so its time and
// memory are not mixed with the backend's: reads the archive of one user into a file and prints
// one JSON line with the time, the archive's size and the process's memory high-water marks.
// Usage: tsx export-child.ts <url> <anonKey> <accessToken> <userId> <outFile>

import { openArchiveFile } from '../../src/main/ipc/data-export'
import { writeInformationArchive } from '../../src/shared/data/export/information-archive'
import { testClient } from '../support/backend-harness'

async function main(): Promise<void> {
  const [url, anonKey, token, userId, outFile] = process.argv.slice(2)
  const client = testClient(url, anonKey, { token })
  const baseline = process.memoryUsage()
  let peakHeap = 0
  let peakBuffers = 0
  const sample = (): void => {
    const now = process.memoryUsage()
    peakHeap = Math.max(peakHeap, now.heapUsed)
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers + now.external)
  }
  const sampler = setInterval(sample, 5)
  const started = performance.now()
  const file = await openArchiveFile(outFile)
  const summary = await writeInformationArchive({ client, userId, sink: file })
  await file.close()
  const millis = performance.now() - started
  sample()
  clearInterval(sampler)
  console.log(
    JSON.stringify({
      millis,
      summary,
      baselineRss: baseline.rss,
      // resourceUsage reports the peak resident set in KB.
      maxRss: process.resourceUsage().maxRSS * 1024,
      peakHeap,
      peakBuffers
    })
  )
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  }
)
