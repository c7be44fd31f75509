// Where a request's time goes, from both ends: the client's total (what the bench waits), the
// backend's own total and database share (its Server-Timing header, src/backend/http/
// server-timing.ts), and the transport between them (client total minus server total: HTTP on
// both sides and the wait for the backend's thread).

import { parseServerTiming } from '../../src/backend/http/server-timing'
import { percentile, type Timing } from './stats'

export interface RequestSplit {
  client: Timing
  server: Timing
  db: Timing
  /** Per request, client total minus server total. */
  transport: Timing
}

/** A fetch that adds up the Server-Timing of every response it receives since `reset()`. */
export class ServerTimingFetch {
  total = 0
  db = 0

  readonly fetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    const metrics = parseServerTiming(response.headers.get('server-timing'))
    if (metrics.total === undefined) throw new Error('a response without Server-Timing')
    this.total += metrics.total
    this.db += metrics.db ?? 0
    return response
  }

  reset(): void {
    this.total = 0
    this.db = 0
  }
}

function summary(values: number[]): Timing {
  values.sort((a, b) => a - b)
  return { p50: percentile(values, 50), p95: percentile(values, 95), runs: values.length }
}

/**
 * Runs each of `works` (whose requests go through `timings.fetch`) `warmup` times, then takes
 * turns, one run of each per round, `runs` rounds: load from other processes on the shared
 * machine lands on all of them alike, so their ratios hold on a noisy machine.
 */
export async function timeSplitsAlternating(
  timings: ServerTimingFetch,
  works: readonly (() => Promise<unknown>)[],
  runs: number,
  warmup: number
): Promise<RequestSplit[]> {
  for (let i = 0; i < warmup; i++) for (const work of works) await work()
  const samples = works.map(() => ({
    client: [] as number[],
    server: [] as number[],
    db: [] as number[],
    transport: [] as number[]
  }))
  for (let i = 0; i < runs; i++) {
    for (const [index, work] of works.entries()) {
      timings.reset()
      const started = performance.now()
      await work()
      const client = performance.now() - started
      const sample = samples[index]
      sample.client.push(client)
      sample.server.push(timings.total)
      sample.db.push(timings.db)
      sample.transport.push(client - timings.total)
    }
  }
  return samples.map((sample) => ({
    client: summary(sample.client),
    server: summary(sample.server),
    db: summary(sample.db),
    transport: summary(sample.transport)
  }))
}
