// What the channel into the engine's worker costs, apart from PGlite: the same 0.3 ms of work
// done on the calling thread, in a worker answered with postMessage (as pglite-worker-client.ts
// talks to it), and in a worker woken through shared memory (SharedArrayBuffer, the worker in
// Atomics.wait, the caller in Atomics.waitAsync), timed in turns in one run so that load from
// other processes lands on all three alike. `npx tsx tests/bench/engine-channel.ts`.

import { Worker } from 'node:worker_threads'
import { timeAlternating, type Timing } from './stats'

const WORK_MS = 0.3

/** Node 20 has it; the compiler's library (ES2022) does not declare it yet. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: unknown }
  }
).waitAsync
const RUNS = 3_000

/** Both workers: the message one echoes, the shared-memory one loops on its flags. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const busy = () => { const until = performance.now() + ${WORK_MS}; while (performance.now() < until); }
if (workerData.flags) {
  const flags = new Int32Array(workerData.flags)
  for (;;) {
    Atomics.wait(flags, 0, 0)
    if (Atomics.load(flags, 0) === 2) break
    busy()
    Atomics.store(flags, 0, 0)
    Atomics.store(flags, 1, 1)
    Atomics.notify(flags, 1)
  }
} else parentPort.on('message', (id) => { busy(); parentPort.postMessage(id) })
`

export interface ChannelResults {
  inThread: Timing
  postMessage: Timing
  sharedMemory: Timing
}

export async function measureChannel(runs = RUNS): Promise<ChannelResults> {
  const flags = new Int32Array(new SharedArrayBuffer(8))
  const messages = new Worker(WORKER, { eval: true, workerData: {} })
  const shared = new Worker(WORKER, { eval: true, workerData: { flags: flags.buffer } })
  const inThread = async (): Promise<void> => {
    const until = performance.now() + WORK_MS
    while (performance.now() < until);
  }
  const byMessage = (): Promise<unknown> =>
    new Promise((resolve) => {
      messages.once('message', resolve)
      messages.postMessage(1)
    })
  const bySharedMemory = async (): Promise<void> => {
    Atomics.store(flags, 1, 0)
    Atomics.store(flags, 0, 1)
    Atomics.notify(flags, 0)
    const waited = waitAsync(flags, 1, 0)
    if (waited.async) await waited.value
  }
  try {
    const [a, b] = await timeAlternating(inThread, byMessage, runs, 200)
    const [, c] = await timeAlternating(inThread, bySharedMemory, runs, 200)
    return { inThread: a, postMessage: b, sharedMemory: c }
  } finally {
    Atomics.store(flags, 0, 2)
    Atomics.notify(flags, 0)
    await Promise.all([messages.terminate(), shared.terminate()])
  }
}

if (require.main === module) {
  measureChannel().then(
    (results) => {
      for (const [name, timing] of Object.entries(results)) {
        console.log(`${name}: p50 ${timing.p50.toFixed(3)} ms, p95 ${timing.p95.toFixed(3)} ms`)
      }
    },
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    }
  )
}
