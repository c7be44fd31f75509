// The modules main/index.ts wires together, each on fakes: the app's lifecycle events, the CSP
// every document gets, which backend a run uses, and the IPC registry waiting for the services.

import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import {
  attachAppLifecycle,
  type AppLike,
  type LifecycleDeps
} from '../../../src/main/app-lifecycle'
import { serveDocumentCsp, type HeadersDetails } from '../../../src/main/window/document-csp'
import { resolveBackend, type ResolveBackendDeps } from '../../../src/main/backend/resolve-backend'
import { registerIpc } from '../../../src/main/ipc/register-ipc'
import type { MainServices } from '../../../src/main/session/start-services'
import type { DesktopNotifier } from '../../../src/main/notifications/desktop-notifier'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

function lifecycle(supervisor: { stop(): Promise<void> } | null = null): {
  app: EventEmitter & { quit: ReturnType<typeof vi.fn> }
  deps: LifecycleDeps
} {
  const app = Object.assign(new EventEmitter(), { quit: vi.fn() })
  const deps: LifecycleDeps = {
    platform: 'linux',
    openDeepLink: vi.fn(),
    openFile: vi.fn(),
    showWindow: vi.fn(),
    reopenWindow: vi.fn(),
    hardenContents: vi.fn(),
    quitting: {
      disposeUpdates: vi.fn(),
      disposeSession: vi.fn(),
      supervisor: () => supervisor
    }
  }
  attachAppLifecycle(app as unknown as AppLike, deps)
  return { app, deps }
}

describe('app lifecycle', () => {
  it('a second instance hands over its link, or brings the window forward without one', () => {
    const { app, deps } = lifecycle()
    app.emit('second-instance', {}, ['/opt/instaframe', 'instaframe://u/ana'])
    expect(deps.openDeepLink).toHaveBeenCalledWith('instaframe://u/ana')
    app.emit('second-instance', {}, ['/opt/instaframe'])
    expect(deps.showWindow).toHaveBeenCalledOnce()
  })

  it('hardens every webContents ever created, not only the main window', () => {
    const { app, deps } = lifecycle()
    const contents = { id: 7 }
    app.emit('web-contents-created', {}, contents)
    expect(deps.hardenContents).toHaveBeenCalledWith(contents)
  })

  it('quits only after the local backend stopped, and only once', async () => {
    let stopped!: () => void
    const stop = vi.fn(() => new Promise<void>((resolve) => (stopped = resolve)))
    const { app, deps } = lifecycle({ stop })
    const event = { preventDefault: vi.fn() }
    app.emit('before-quit', event)
    expect(event.preventDefault).toHaveBeenCalled()
    expect(deps.quitting.disposeSession).toHaveBeenCalled()
    expect(app.quit).not.toHaveBeenCalled()
    stopped()
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce())
    const again = { preventDefault: vi.fn() }
    app.emit('before-quit', again)
    expect(again.preventDefault).not.toHaveBeenCalled()
    expect(stop).toHaveBeenCalledOnce()
  })

  it('with a hosted backend quitting goes ahead at once', () => {
    const { app, deps } = lifecycle(null)
    const event = { preventDefault: vi.fn() }
    app.emit('before-quit', event)
    expect(event.preventDefault).not.toHaveBeenCalled()
    expect(deps.quitting.disposeUpdates).toHaveBeenCalled()
    expect(deps.quitting.disposeSession).toHaveBeenCalled()
  })
})

describe('document CSP', () => {
  function serve(backendUrl: Promise<string>): (details: HeadersDetails) => Promise<unknown> {
    let listener!: Parameters<Parameters<typeof serveDocumentCsp>[0]['onHeadersReceived']>[0]
    serveDocumentCsp({ onHeadersReceived: (given) => (listener = given) }, backendUrl, null)
    return (details) => new Promise((resolve) => listener(details, resolve))
  }

  it('names the backend in a document’s CSP, and leaves other responses alone', async () => {
    const respond = serve(Promise.resolve('http://127.0.0.1:54321'))
    const document = (await respond({ resourceType: 'mainFrame' })) as {
      responseHeaders: Record<string, string[]>
    }
    expect(document.responseHeaders['Content-Security-Policy'][0]).toContain(
      'http://127.0.0.1:54321'
    )
    expect(await respond({ resourceType: 'xhr' })).toEqual({})
  })

  it('allows no backend when it never started', async () => {
    const respond = serve(Promise.reject(new Error('no backend')))
    const document = (await respond({ resourceType: 'mainFrame' })) as {
      responseHeaders: Record<string, string[]>
    }
    expect(document.responseHeaders['Content-Security-Policy'][0]).not.toContain('http://127.0.0.1')
  })
})

describe('resolveBackend', () => {
  const deps = (overrides: Partial<ResolveBackendDeps> = {}): ResolveBackendDeps => ({
    userDataDir: '/data',
    isPackaged: false,
    resourcesPath: '/res',
    appPath: '/app',
    mainDir: '/app/out/main',
    env: {},
    buildTime: {},
    readFile: () => {
      throw Object.assign(new Error('missing'), { code: 'ENOENT' })
    },
    log: silentLogger(),
    backendLog: { info: vi.fn(), error: vi.fn() },
    notice: vi.fn(),
    fork: vi.fn(() => {
      throw new Error('not forked in this test')
    }),
    showFatal: vi.fn(),
    onSupervisor: vi.fn(),
    rendererOrigin: 'app://instaframe',
    ...overrides
  })

  it('starts the local backend allowing the window’s origin, app://instaframe, and no other', async () => {
    const child = Object.assign(new EventEmitter(), {
      postMessage: vi.fn(),
      kill: vi.fn(() => true),
      stdout: null,
      stderr: null
    })
    const fork = vi.fn((_entry: string, _args: string[]) => {
      setImmediate(() =>
        child.emit('message', { type: 'ready', url: 'http://127.0.0.1:4000', anonKey: 'anon' })
      )
      return child
    })
    await expect(resolveBackend(deps({ fork }))).resolves.toMatchObject({ kind: 'local' })
    const args = fork.mock.calls[0][1]
    expect(args.filter((arg) => arg.startsWith('--origin'))).toEqual(['--origin=app://instaframe'])
  })

  it('takes a hosted project from supabase.json without forking the local backend', async () => {
    const given = deps({
      readFile: () => JSON.stringify({ url: 'https://abc.supabase.co', anonKey: 'anon' })
    })
    await expect(resolveBackend(given)).resolves.toEqual({
      url: 'https://abc.supabase.co',
      anonKey: 'anon',
      kind: 'hosted'
    })
    expect(given.fork).not.toHaveBeenCalled()
    expect(given.onSupervisor).not.toHaveBeenCalled()
  })

  it('says why a broken supabase.json is ignored', async () => {
    const given = deps({
      readFile: () => '{ not json',
      env: { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon' }
    })
    await expect(resolveBackend(given)).resolves.toMatchObject({ kind: 'hosted' })
    expect(given.log.warn).toHaveBeenCalled()
  })
})

describe('registerIpc', () => {
  const notifier = (): DesktopNotifier =>
    ({
      report: vi.fn(),
      isEnabled: () => true,
      setEnabled: vi.fn()
    }) as unknown as DesktopNotifier

  it('auth calls wait for the services to start', async () => {
    const ipc = new FakeIpcMain()
    const win = fakeWindow()
    let start!: (services: MainServices) => void
    const services = new Promise<MainServices>((resolve) => (start = resolve))
    registerIpc({
      ipcMain: ipc,
      policy: win.policy,
      log: silentLogger(),
      services,
      ready: () => null,
      images: { showOpenDialog: vi.fn(), stat: vi.fn(), readFile: vi.fn() },
      dataExport: { showSaveDialog: vi.fn(), createFile: vi.fn(), removeFile: vi.fn() },
      notifier: notifier(),
      app: {
        rendererReady: vi.fn(),
        restartToUpdate: vi.fn(),
        windowShown: vi.fn(),
        setLanguage: vi.fn(),
        getLocale: vi.fn()
      }
    })
    const token = ipc.invoke('auth:get-access-token', win.event())
    start({
      auth: { getAccessToken: async () => 'token' },
      config: {}
    } as unknown as MainServices)
    await expect(token).resolves.toEqual({ ok: true, value: 'token' })
  })
})
