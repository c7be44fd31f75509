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

export interface PairedTiming {
  a: Timing
  b: Timing
  /** The median of b's time over a's, run by run: what "b is N % slower" rests on. */
  ratio: number
}

/**
 * Times two operations in pairs, one right after the other (a then b, then b then a, so neither
 * always goes first), and takes the median of the per-pair ratios. A burst of load from the rest
 * of a shared machine lands on both runs of a pair alike, where blocks of runs (timeAlternating)
 * can catch it on one side only: on the 2-core machine at load 15, two such runs of one bench
 * disagreed by 30 points on one read.
 */
export async function timePaired(
  a: (run: number) => Promise<unknown>,
  b: (run: number) => Promise<unknown>,
  runs = 60,
  warmup = 5
): Promise<PairedTiming> {
  for (let i = 0; i < warmup; i++) await Promise.all([a(i), b(i)])
  const timed = async (work: (run: number) => Promise<unknown>, run: number): Promise<number> => {
    const started = performance.now()
    await work(run)
    return performance.now() - started
  }
  const [as, bs, ratios]: number[][] = [[], [], []]
  for (let run = 0; run < runs; run++) {
    let ta: number
    let tb: number
    if (run % 2 === 0) {
      ta = await timed(a, run)
      tb = await timed(b, run)
    } else {
      tb = await timed(b, run)
      ta = await timed(a, run)
    }
    as.push(ta)
    bs.push(tb)
    ratios.push(tb / ta)
  }
  const summary = (values: number[]): Timing => {
    const sorted = [...values].sort((x, y) => x - y)
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), runs }
  }
  return { a: summary(as), b: summary(bs), ratio: summary(ratios).p50 }
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
