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
})
