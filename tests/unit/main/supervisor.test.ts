import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBackendSupervisor, type BackendChild } from '../../../src/main/backend/supervisor'
import { silentLogger } from './fakes'

/** A utilityProcess stand-in that the test drives: ready, crash, or obey 'shutdown'. */
class FakeChild extends EventEmitter implements BackendChild {
  readonly received: unknown[] = []
  killed = false
  constructor(
    readonly port: number | null,
    private readonly onShutdown: 'exit' | 'hang' = 'exit'
  ) {
    super()
  }
  postMessage(message: unknown): void {
    this.received.push(message)
    if ((message as { type?: string }).type === 'shutdown' && this.onShutdown === 'exit') {
      queueMicrotask(() => this.emit('exit', 0))
    }
  }
  kill(): boolean {
    this.killed = true
    queueMicrotask(() => this.emit('exit', 1))
    return true
  }
  ready(port = 5555): void {
    this.emit('message', { type: 'ready', url: `http://127.0.0.1:${port}`, anonKey: 'anon' })
  }
  crash(code = 134): void {
    this.emit('exit', code)
  }
}

describe('backend supervisor', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setup(options: { maxRestarts?: number; onShutdown?: 'exit' | 'hang' } = {}) {
    const children: FakeChild[] = []
    const onFatal = vi.fn()
    const onRestarting = vi.fn()
    const onRestarted = vi.fn()
    const supervisor = createBackendSupervisor({
      fork: ({ port }) => {
        const child = new FakeChild(port, options.onShutdown)
        children.push(child)
        return child
      },
      log: silentLogger(),
      readyTimeoutMs: 1_000,
      maxRestarts: options.maxRestarts ?? 3,
      restartDelayMs: (attempt) => attempt * 100,
      shutdownGraceMs: 500,
      onFatal,
      onRestarting,
      onRestarted
    })
    return { supervisor, children, onFatal, onRestarting, onRestarted }
  }

  it('starts a child and resolves with the URL and key it reports', async () => {
    const { supervisor, children } = setup()
    const started = supervisor.start()
    expect(children).toHaveLength(1)
    expect(children[0].port).toBeNull()
    children[0].ready()
    await expect(started).resolves.toEqual({ url: 'http://127.0.0.1:5555', anonKey: 'anon' })
    expect(supervisor.endpoint?.url).toBe('http://127.0.0.1:5555')
  })

  it('restarts a crashed child after a back-off, on the same port, telling the app both ways', async () => {
    const { supervisor, children, onRestarting, onRestarted } = setup()
    const started = supervisor.start()
    children[0].ready()
    await started

    children[0].crash()
    expect(children).toHaveLength(1)
    expect(onRestarting).toHaveBeenCalledWith(1)
    await vi.advanceTimersByTimeAsync(99)
    expect(children).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(children).toHaveLength(2)
    expect(children[1].port).toBe(5555)
    children[1].ready()
    await vi.advanceTimersByTimeAsync(0)
    expect(supervisor.restarts).toBe(1)
    expect(supervisor.endpoint?.url).toBe('http://127.0.0.1:5555')
    expect(onRestarted).toHaveBeenCalledOnce()
  })

  it('gives up after the restart limit and reports it', async () => {
    const { supervisor, children, onFatal } = setup({ maxRestarts: 2 })
    const started = supervisor.start()
    children[0].ready()
    await started
    for (let i = 0; i < 3; i++) {
      children.at(-1)!.crash()
      await vi.advanceTimersByTimeAsync(1_000)
      children.at(-1)!.ready()
      await vi.advanceTimersByTimeAsync(0)
    }
    expect(children).toHaveLength(3)
    expect(onFatal).toHaveBeenCalledTimes(1)
    expect(supervisor.endpoint).toBeNull()
  })

  it('retries a child that reports an error before it is ready, then fails start after the limit', async () => {
    const { supervisor, children } = setup({ maxRestarts: 1 })
    const started = supervisor.start()
    const outcome = started.catch((error: Error) => error)
    children[0].emit('message', { type: 'error', message: 'migrations failed' })
    await vi.advanceTimersByTimeAsync(100)
    expect(children).toHaveLength(2)
    children[1].emit('message', { type: 'error', message: 'migrations failed' })
    expect(await outcome).toBeInstanceOf(Error)
    expect(((await outcome) as Error).message).toBe('migrations failed')
  })

  it('kills a child that never becomes ready', async () => {
    const { supervisor, children } = setup({ maxRestarts: 0 })
    const outcome = supervisor.start().catch((error: Error) => error)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(children[0].killed).toBe(true)
    expect(String(await outcome)).toMatch(/did not start within 1000 ms/)
  })

  it('stops cleanly with a shutdown message and does not restart', async () => {
    const { supervisor, children } = setup()
    const started = supervisor.start()
    children[0].ready()
    await started
    await supervisor.stop()
    expect(children[0].received).toEqual([{ type: 'shutdown' }])
    expect(children[0].killed).toBe(false)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(children).toHaveLength(1)
    expect(supervisor.endpoint).toBeNull()
  })

  it('kills a child that ignores shutdown after the grace period', async () => {
    const { supervisor, children } = setup({ onShutdown: 'hang' })
    const started = supervisor.start()
    children[0].ready()
    await started
    const stopped = supervisor.stop()
    await vi.advanceTimersByTimeAsync(499)
    expect(children[0].killed).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await stopped
    expect(children[0].killed).toBe(true)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(children).toHaveLength(1)
  })
})
