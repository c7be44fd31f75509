// bcrypt off the event loop (src/backend/auth/password-pool.ts): hashes in GoTrue's format made
// and checked in worker threads, never on this thread (bcryptjs is poisoned here), with the
// event loop free while they run, a bounded number of threads, a dead worker replaced, and a
// clean close.

import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import {
  PasswordInputError,
  PasswordPool,
  PasswordPoolClosedError,
  passwordPoolSize,
  passwordWorkerScript
} from '../../../../src/backend/auth/password-pool'
import { hashPassword, verifyPassword } from '../../../../src/backend/auth/passwords'

// The backend's thread must never run bcrypt: any call from here fails the test.
vi.mock('bcryptjs', () => {
  const refuse = (): never => {
    throw new Error('bcrypt ran on the event loop')
  }
  const api = { hash: refuse, hashSync: refuse, compare: refuse, compareSync: refuse }
  return { default: api, ...api }
})

/** Resolves after `turns` turns of the event loop, each a setImmediate. */
function spin(turns: number): Promise<void> {
  return new Promise((resolve) => {
    let left = turns
    const turn = (): void => {
      left -= 1
      if (left <= 0) resolve()
      else setImmediate(turn)
    }
    setImmediate(turn)
  })
}

describe('the password pool', () => {
  const pool = new PasswordPool()
  afterAll(() => pool.close())

  it('hashes as GoTrue stores it and checks passwords against it, in worker threads', async () => {
    const hash = await hashPassword(pool, 'correct horse', 10)
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/)
    expect(await verifyPassword(pool, 'correct horse', hash, 10)).toBe(true)
    expect(await verifyPassword(pool, 'wrong horse', hash, 10)).toBe(false)
    // No user: a comparison as costly as a real one, always false.
    expect(await verifyPassword(pool, 'correct horse', null, 10)).toBe(false)
    expect(await verifyPassword(pool, 'x', 'not a bcrypt hash', 10)).toBe(false)
    await expect(pool.compare('x', '$9z$10$' + 'a'.repeat(53))).rejects.toBeInstanceOf(
      PasswordInputError
    )
    const { completed, threadIds } = pool.stats()
    expect(completed).toBeGreaterThanOrEqual(5)
    expect(threadIds.length).toBeGreaterThan(0)
    expect(threadIds).not.toContain(0) // 0 is the main thread's id
  })

  it('leaves the event loop free while a costly comparison runs', async () => {
    const costly = await pool.hash('slow', 13)
    let settled = false
    const check = pool.compare('slow', costly).then((ok) => {
      settled = true
      return ok
    })
    // Two hundred turns take a few milliseconds when nothing blocks; the comparison ~0.6 s of
    // CPU. On this thread (bcryptjs yields every 100 ms) they would take twenty seconds.
    await spin(200)
    expect(settled).toBe(false)
    expect(await check).toBe(true)
  })

  it('never runs more threads than its size, and the size follows the cores, bounded', async () => {
    const small = new PasswordPool(2)
    try {
      const hashes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => small.hash(`password ${i}`, 4))
      )
      expect(new Set(hashes).size).toBe(8)
      expect(small.stats().workers).toBeLessThanOrEqual(2)
      expect(small.stats().threadIds.length).toBeLessThanOrEqual(2)
    } finally {
      await small.close()
    }
    expect([1, 2, 3, 8, 64].map((cores) => passwordPoolSize(cores))).toEqual([1, 1, 2, 4, 4])
  })

  it('starts no thread before a password is hashed, and ends one that stays idle', async () => {
    const idle = new PasswordPool(1, passwordWorkerScript, 200)
    try {
      expect(idle.stats().workers).toBe(0)
      const hash = await idle.hash('lazy', 4)
      expect(idle.stats().workers).toBe(1)
      // Work within the idle time reuses the thread.
      expect(await idle.compare('lazy', hash)).toBe(true)
      expect(idle.stats()).toMatchObject({ workers: 1, threadIds: [expect.any(Number)] })
      await vi.waitFor(() => expect(idle.stats().workers).toBe(0), { timeout: 5000 })
      // A later job starts a new one.
      expect(await idle.compare('lazy', hash)).toBe(true)
      expect(idle.stats().threadIds).toHaveLength(2)
    } finally {
      await idle.close()
    }
  })

  it('closes: work still waiting fails, threads end, later work is refused', async () => {
    const closing = new PasswordPool(1)
    const waiting = [closing.hash('a', 12), closing.hash('b', 12)]
    await closing.close()
    for (const job of waiting) await expect(job).rejects.toBeInstanceOf(PasswordPoolClosedError)
    expect(closing.stats().workers).toBe(0)
    await expect(closing.hash('c', 4)).rejects.toBeInstanceOf(PasswordPoolClosedError)
  })

  it('fails only the job of a worker that died, and starts another', async () => {
    // A worker that exits on the password "die" and otherwise answers as the real one.
    const real = (await passwordWorkerScript()).href
    const file = join(tmpdir(), `password-worker-dies-${process.pid}.cjs`)
    await writeFile(
      file,
      `const { parentPort } = require('node:worker_threads')
       parentPort.on('message', (job) => { if (job.password === 'die') process.exit(3) })
       require(require('node:url').fileURLToPath(${JSON.stringify(real)}))`
    )
    const fragile = new PasswordPool(1, async () => pathToFileURL(file))
    try {
      const died = fragile.hash('die', 4)
      const next = fragile.hash('fine', 4)
      await expect(died).rejects.toThrow('A password worker exited (3)')
      expect(await next).toMatch(/^\$2a\$04\$/)
    } finally {
      await fragile.close()
    }
  })
})
