// `npm run test:slowest`: the slowest tests of the last vitest and Playwright runs, from the
// files tests/support/timings/ reporters write (npm test prints this at its end).

import { formatTimings, readTimings, slowest, type Timing } from '../tests/support/timings/timings'

export function printSlowest(count: number): void {
  const runs = [readTimings('vitest'), readTimings('playwright')].filter((run) => run !== null)
  if (runs.length === 0) return
  const tests: Timing[] = runs.flatMap((run) => run.tests)
  const files: Timing[] = runs.flatMap((run) => run.files)
  process.stdout.write(`\n${formatTimings(`The ${count} slowest tests:`, slowest(tests, count))}\n`)
  process.stdout.write(
    `\n${formatTimings('The 10 slowest files (hooks included):', slowest(files, 10))}\n`
  )
}

if (process.argv[1]?.endsWith('slowest-tests.ts')) printSlowest(20)
