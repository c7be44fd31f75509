// Test durations kept after each run, so the next slowdown is seen when it lands: the vitest and
// Playwright reporters beside this file write one JSON file per runner into test-timings/, and
// scripts/slowest-tests.ts prints the slowest of the last run of each.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const TIMINGS_DIR = resolve(__dirname, '../../../test-timings')

export interface Timing {
  /** Where it ran: the vitest project or "playwright". */
  where: string
  /** The file, relative to the repository. */
  file: string
  /** The test's full name (describe blocks and title); for a file, its path again. */
  name: string
  ms: number
}

export interface RunTimings {
  /** When the run ended (ISO 8601). */
  endedAt: string
  /** The run's wall time. */
  wallMs: number
  tests: Timing[]
  /** Each file's whole time, hooks included: a slow beforeAll shows here, not among tests. */
  files: Timing[]
}

export function writeTimings(runner: 'vitest' | 'playwright', run: RunTimings): void {
  mkdirSync(TIMINGS_DIR, { recursive: true })
  writeFileSync(join(TIMINGS_DIR, `${runner}.json`), `${JSON.stringify(run, null, 1)}\n`)
}

export function readTimings(runner: 'vitest' | 'playwright'): RunTimings | null {
  try {
    return JSON.parse(readFileSync(join(TIMINGS_DIR, `${runner}.json`), 'utf8')) as RunTimings
  } catch {
    return null
  }
}

/** The `count` longest, longest first. */
export function slowest(timings: readonly Timing[], count: number): Timing[] {
  return [...timings].sort((a, b) => b.ms - a.ms).slice(0, count)
}

export function formatTimings(title: string, timings: readonly Timing[]): string {
  const lines = timings.map(
    (timing) =>
      `${(timing.ms / 1000).toFixed(1).padStart(7)} s  ${timing.where.padEnd(11)} ${timing.name === timing.file ? timing.file : `${timing.file} > ${timing.name}`}`
  )
  return [title, ...lines].join('\n')
}
