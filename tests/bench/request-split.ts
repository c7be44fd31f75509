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

/** Runs `work` (whose requests go through `timings.fetch`) `warmup` times, then `runs` times. */
export async function timeSplit(
  timings: ServerTimingFetch,
  work: () => Promise<unknown>,
  runs: number,
  warmup: number
): Promise<RequestSplit> {
  for (let i = 0; i < warmup; i++) await work()
  const samples = { client: [] as number[], server: [] as number[], db: [] as number[] }
  const transport: number[] = []
  for (let i = 0; i < runs; i++) {
    timings.reset()
    const started = performance.now()
    await work()
    const client = performance.now() - started
    samples.client.push(client)
    samples.server.push(timings.total)
    samples.db.push(timings.db)
    transport.push(client - timings.total)
  }
  return {
    client: summary(samples.client),
    server: summary(samples.server),
    db: summary(samples.db),
    transport: summary(transport)
  }
}
