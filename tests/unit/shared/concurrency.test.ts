import { describe, expect, it } from 'vitest'
import { concurrencyLimit } from '../../../src/shared/concurrency'

/** A task that can be finished from outside. */
function deferred(): { promise: Promise<void>; finish(): void; fail(): void } {
  let finish = (): void => {}
  let fail = (): void => {}
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve
    fail = () => reject(new Error('failed'))
  })
  return { promise, finish, fail }
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('concurrencyLimit', () => {
  it('runs at most max at once and starts the rest in order as slots free', async () => {
    const limited = concurrencyLimit(2)
    const tasks = Array.from({ length: 5 }, () => deferred())
    const started: number[] = []
    let running = 0
    let most = 0
    const results = tasks.map((task, i) =>
      limited(async () => {
        started.push(i)
        running += 1
        most = Math.max(most, running)
        try {
          await task.promise
        } finally {
          running -= 1
        }
        return i
      })
    )
    await tick()
    expect(started).toEqual([0, 1])
    tasks[1].finish()
    await tick()
    expect(started).toEqual([0, 1, 2])
    // A task that fails frees its slot too.
    tasks[0].fail()
    await expect(results[0]).rejects.toThrow('failed')
    await tick()
    expect(started).toEqual([0, 1, 2, 3])
    // A new caller while others wait queues behind them rather than jumping in.
    const late = limited(async () => {
      started.push(99)
    })
    tasks[2].finish()
    await tick()
    expect(started).toEqual([0, 1, 2, 3, 4])
    for (const task of tasks) task.finish()
    await Promise.allSettled(results)
    await late
    expect(started).toEqual([0, 1, 2, 3, 4, 99])
    expect(most).toBe(2)
    await expect(results[4]).resolves.toBe(4)
  })

  it('refuses a limit below one', () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError)
  })
})
