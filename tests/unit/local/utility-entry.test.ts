import { describe, expect, it, vi } from 'vitest'

const backend = vi.hoisted(() => ({
  startBackend: vi.fn(),
  close: vi.fn(async () => {})
}))
// The stack is the backend plus the app's housekeeping; neither runs here.
vi.mock('../../../src/local/stack', () => ({ startLocalStack: backend.startBackend }))

const { runInUtilityProcess } = await import('../../../src/local/utility-entry')

function fakePort() {
  let listener: ((event: { data: unknown }) => void) | null = null
  const posted: unknown[] = []
  return {
    posted,
    port: {
      on: (_event: 'message', fn: (event: { data: unknown }) => void) => {
        listener = fn
      },
      postMessage: (message: unknown) => posted.push(message)
    },
    send: (data: unknown) => listener?.({ data })
  }
}

describe('local backend utility entry', () => {
  it('starts from argv options, reports ready, and closes on shutdown', async () => {
    backend.startBackend.mockResolvedValue({
      url: 'http://127.0.0.1:4000',
      anonKey: 'anon',
      close: backend.close
    })
    const parent = fakePort()
    const exit = vi.fn()
    runInUtilityProcess(
      parent.port,
      { dataDir: '/d', migrationsDir: '/m', port: 0, origins: ['app://instaframe'] },
      exit
    )
    await vi.waitFor(() =>
      expect(parent.posted).toEqual([
        { type: 'ready', url: 'http://127.0.0.1:4000', anonKey: 'anon' }
      ])
    )
    expect(backend.startBackend).toHaveBeenCalledWith(
      expect.objectContaining({ dataDir: '/d', migrationsDir: '/m', host: '127.0.0.1' })
    )
    // The window's origin only: not the dev server's defaults, never "null".
    expect(backend.startBackend.mock.calls[0][0].config).toEqual({
      corsOrigins: ['app://instaframe']
    })
    parent.send({ type: 'shutdown' })
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0))
    expect(backend.close).toHaveBeenCalled()
  })

  it('waits for a start message when argv lacks options, and reports start errors', async () => {
    backend.startBackend.mockReset()
    backend.startBackend.mockRejectedValue(new Error('port in use'))
    const parent = fakePort()
    const exit = vi.fn()
    runInUtilityProcess(parent.port, {}, exit)
    expect(backend.startBackend).not.toHaveBeenCalled()
    parent.send({ type: 'start', dataDir: '/d', migrationsDir: '/m' })
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1))
    expect(parent.posted).toEqual([
      { type: 'error', message: 'Local backend failed: Error: port in use' }
    ])
  })
})
