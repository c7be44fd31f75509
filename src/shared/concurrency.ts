// At most `max` tasks at once, the rest started in order as slots free: for work where running
// everything together costs more than it saves (ten 12 MP decodes, each taking a core and
// ~48 MB, would also start each one's timeout while it waits for a CPU).

export type Limited = <T>(work: () => Promise<T>) => Promise<T>

export function concurrencyLimit(max: number): Limited {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be ≥ 1, not ${max}`)
  let running = 0
  const waiting: (() => void)[] = []
  return async (work) => {
    if (running < max) running += 1
    // A finishing task hands its slot straight to the next, so none is taken twice.
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}
