// The hostile bench's prober: one row read every 50 ms, in a thread of its own, so its latency is
// the backend's answer and not the attacking client's own work (a 10 MB body being sent, 700
// joins being encoded), which shares the bench's main thread. Times are absolute
// (timeOrigin + now), the same on both threads.

import { once } from 'node:events'
import { Worker } from 'node:worker_threads'

export interface ProbeTarget {
  url: string
  anonKey: string
  postId: string
}

/** The worker: plain JavaScript, run with `eval`. */
const PROBER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const now = () => performance.timeOrigin + performance.now()
let target = workerData.target
let running = true
let inFlight = Promise.resolve()
const samples = []
parentPort.on('message', async (message) => {
  if (message.type === 'target') target = message.target
  if (message.type === 'stop') running = false
  if (message.type === 'worst') {
    await inFlight
    const during = samples.filter((s) => s.end >= message.since)
    parentPort.postMessage({
      id: message.id,
      worst: Math.max(0, ...during.map((s) => s.ms)),
      probes: during.length
    })
  }
})
;(async () => {
  while (running) {
    const started = now()
    const t = target
    inFlight = fetch(t.url + '/rest/v1/posts?select=id&id=eq.' + t.postId, {
      headers: { apikey: t.anonKey, authorization: 'Bearer ' + t.anonKey },
      signal: AbortSignal.timeout(60000)
    })
      .then((response) => response.arrayBuffer())
      .then(() => undefined, () => undefined)
    await inFlight
    const end = now()
    samples.push({ end, ms: end - started })
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, workerData.everyMs - (end - started))))
  }
  parentPort.close()
})()
`

/** The current time on the scale the prober's samples use. */
export const probeClock = (): number => performance.timeOrigin + performance.now()

export class Prober {
  private readonly worker: Worker
  private nextId = 0

  constructor(target: ProbeTarget, everyMs: number) {
    this.worker = new Worker(PROBER_SOURCE, { eval: true, workerData: { target, everyMs } })
  }

  /** Probes another backend from now on (after a restart). */
  retarget(target: ProbeTarget): void {
    this.worker.postMessage({ type: 'target', target })
  }

  /** The worst latency of the probes that ended since `since` (probeClock), once none is in flight. */
  async worstSince(since: number): Promise<{ worst: number; probes: number }> {
    const id = this.nextId++
    const answer = new Promise<{ worst: number; probes: number }>((resolve) => {
      const onMessage = (message: { id: number; worst: number; probes: number }): void => {
        if (message.id !== id) return
        this.worker.off('message', onMessage)
        resolve(message)
      }
      this.worker.on('message', onMessage)
    })
    this.worker.postMessage({ type: 'worst', id, since })
    return answer
  }

  async stop(): Promise<void> {
    const exited = once(this.worker, 'exit')
    this.worker.postMessage({ type: 'stop' })
    await exited
  }
}
