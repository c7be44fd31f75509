import { describe, expect, it } from 'vitest'
import { DatabaseBusyError, DatabaseOverloadedError } from '../../../../src/backend/db/database'
import { RequestQueue } from '../../../../src/backend/db/request-queue'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('RequestQueue', () => {
  it('lets `capacity` hold the database and hands places on in order', async () => {
    const queue = new RequestQueue({ capacity: 1, maxWaiting: 5 })
    await queue.acquire()
    const order: number[] = []
    const second = queue.acquire().then(() => order.push(2))
    const third = queue.acquire().then(() => order.push(3))
    expect(queue.waiting).toBe(2)
    queue.release()
    await second
    queue.release()
    await third
    expect(order).toEqual([2, 3])
  })

  it('refuses at once, with 503, a request beyond maxWaiting', async () => {
    const queue = new RequestQueue({ capacity: 1, maxWaiting: 1 })
    await queue.acquire()
    void queue.acquire()
    const refused = await queue.acquire().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DatabaseOverloadedError)
    expect(refused).toMatchObject({ status: 503, code: 'PGRST003' })
  })

  it('lets a request leave, with 504, once it has waited past its timeout, even if the holder never finishes', async () => {
    const queue = new RequestQueue({ capacity: 1, maxWaiting: 5 })
    await queue.acquire()
    const started = performance.now()
    const error = await queue.acquire(50).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DatabaseBusyError)
    expect(error).toMatchObject({ status: 504 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(45)
    expect(queue.waiting).toBe(0)
  })

  it('does not count a pause (an engine restart) against the timeout', async () => {
    const queue = new RequestQueue({ capacity: 1, maxWaiting: 5 })
    await queue.acquire()
    queue.pause()
    let outcome = 'waiting'
    void queue.acquire(40).then(
      () => (outcome = 'granted'),
      () => (outcome = 'timed out')
    )
    await sleep(120)
    expect(outcome).toBe('waiting')
    queue.resume()
    queue.release()
    await sleep(0)
    expect(outcome).toBe('granted')
  })

  it('keeps one holder to perHolder places, letting others behind it go first', async () => {
    const queue = new RequestQueue({ capacity: 4, maxWaiting: 10, perHolder: 2 })
    await queue.acquire(undefined, 'burst')
    await queue.acquire(undefined, 'burst')
    const order: string[] = []
    const third = queue.acquire(undefined, 'burst').then(() => order.push('burst'))
    // Behind the burst's third request in line, and still served at once.
    await queue.acquire(undefined, 'other')
    await queue.acquire(undefined, 'other')
    expect(queue.waiting).toBe(1)
    // The whole capacity is taken: a third holder waits, behind the burst.
    const last = queue.acquire(undefined, 'late').then(() => order.push('late'))
    queue.release('other')
    await sleep(0)
    // The burst still holds its 2: the place goes to the next in line that may take it.
    expect(order).toEqual(['late'])
    queue.release('burst')
    await Promise.all([third, last])
    expect(order).toEqual(['late', 'burst'])
  })

  it('treats requests without a holder as before', async () => {
    const queue = new RequestQueue({ capacity: 2, maxWaiting: 5, perHolder: 1 })
    await queue.acquire()
    await queue.acquire()
    expect(queue.waiting).toBe(0)
  })
})
