// The `Server-Timing` header every response carries (`db;dur=0.41, total;dur=0.87`): how long
// the handler took, and how much of it the request's database transactions took (waiting for
// the engine included). A client can then tell the backend's own time from the transport's
// (the bench does: tests/bench/per-request.ts), and browser devtools show it per request.

/** Filled in while a request is handled; the database time is added by whoever runs SQL. */
export interface RequestTiming {
  /** Milliseconds spent in the request's database transactions. */
  dbMs: number
}

/** Adds the time `work` takes to the request's database time (when the request is timed). */
export async function timeDatabase<T>(
  timing: RequestTiming | undefined,
  work: () => Promise<T>
): Promise<T> {
  if (!timing) return work()
  const started = performance.now()
  try {
    return await work()
  } finally {
    timing.dbMs += performance.now() - started
  }
}

const duration = (ms: number): string => ms.toFixed(2)

/** The header's value; `db` only when the request touched the database. */
export function serverTiming(timing: RequestTiming, totalMs: number): string {
  const total = `total;dur=${duration(totalMs)}`
  return timing.dbMs > 0 ? `db;dur=${duration(timing.dbMs)}, ${total}` : total
}

/** The metrics of a `Server-Timing` value by name, in milliseconds (for clients and tests). */
export function parseServerTiming(value: string | null | undefined): Record<string, number> {
  const metrics: Record<string, number> = {}
  for (const entry of (value ?? '').split(',')) {
    const [name, ...parameters] = entry.split(';').map((part) => part.trim())
    const dur = parameters.find((parameter) => parameter.startsWith('dur='))
    if (name && dur) metrics[name] = Number(dur.slice(4))
  }
  return metrics
}
