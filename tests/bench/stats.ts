// Timing helpers for the bench: percentiles over repeated runs, and throughput over a window.

export interface Timing {
  p50: number
  p95: number
  runs: number
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[at]
}

/** Runs `work` `warmup` times unmeasured, then `runs` times; milliseconds. */
export async function time(work: () => Promise<unknown>, runs = 40, warmup = 5): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await work()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), runs }
}

/**
 * Times two operations alternately, so background load on a shared machine lands on both alike
 * and their ratio stays meaningful: `perRound` runs of `a`, then `perRound` of `b`, until each
 * ran `runs` times. `work` gets the run's number (to cycle through inputs).
 */
export async function timeAlternating(
  a: (run: number) => Promise<unknown>,
  b: (run: number) => Promise<unknown>,
  runs = 60,
  warmup = 5,
  perRound = 1
): Promise<[Timing, Timing]> {
  for (let i = 0; i < warmup; i++) await Promise.all([a(i), b(i)])
  const samples: [number[], number[]] = [[], []]
  for (let round = 0; round < runs; round += perRound) {
    for (const [index, work] of [a, b].entries()) {
      for (let i = round; i < Math.min(runs, round + perRound); i++) {
        const started = performance.now()
        await work(i)
        samples[index].push(performance.now() - started)
      }
    }
  }
  const summary = (values: number[]): Timing => {
    values.sort((x, y) => x - y)
    return { p50: percentile(values, 50), p95: percentile(values, 95), runs }
  }
  return [summary(samples[0]), summary(samples[1])]
}

/** Requests per second with `concurrency` callers for `durationMs`. */
export async function throughput(
  work: () => Promise<unknown>,
  durationMs = 2000,
  concurrency = 4
): Promise<number> {
  let done = 0
  const until = performance.now() + durationMs
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await work()
        done += 1
      }
    })
  )
  return done / ((performance.now() - started) / 1000)
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`
