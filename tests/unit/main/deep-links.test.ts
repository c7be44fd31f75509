import { describe, expect, it, vi, type Mock } from 'vitest'
import { AUTH_LINK_MESSAGES } from '../../../src/shared/auth-links'
import {
  createDeepLinkOpener,
  protocolClientCommand,
  registerProtocolClient
} from '../../../src/main/deep-links'
import {
  OUTBOX_LIMIT,
  createRendererOutbox,
  type OutboxEvent
} from '../../../src/main/window/renderer-outbox'
import { DEEP_LINK_MESSAGES, type DeepLink } from '../../../src/shared/deep-links'
import { silentLogger } from './fakes'

describe('renderer outbox', () => {
  it('holds events until the renderer is ready, then delivers them in order', () => {
    const delivered: OutboxEvent[] = []
    const outbox = createRendererOutbox((event) => delivered.push(event))
    outbox.send('app:command', 'go-home')
    outbox.send('app:command', 'new-post')
    expect(delivered).toEqual([])
    outbox.markReady()
    expect(delivered.map((event) => event.payload)).toEqual(['go-home', 'new-post'])
    outbox.send('app:command', 'go-profile')
    expect(delivered).toHaveLength(3)
  })

  it('queues again while the page reloads, and delivers nothing twice', () => {
    const delivered: OutboxEvent[] = []
    const outbox = createRendererOutbox((event) => delivered.push(event))
    outbox.markReady()
    outbox.markNotReady()
    outbox.send('app:command', 'go-home')
    expect(delivered).toEqual([])
    outbox.markReady()
    outbox.markReady()
    expect(delivered).toHaveLength(1)
  })

  it('keeps only the newest events when many arrive before the window is ready', () => {
    const delivered: OutboxEvent[] = []
    const outbox = createRendererOutbox((event) => delivered.push(event))
    for (let index = 0; index < OUTBOX_LIMIT + 5; index += 1) {
      outbox.send('app:deep-link', { ok: false, message: String(index) })
    }
    outbox.markReady()
    expect(delivered).toHaveLength(OUTBOX_LIMIT)
    expect(delivered.at(-1)?.payload).toEqual({ ok: false, message: String(OUTBOX_LIMIT + 4) })
  })
})

describe('createDeepLinkOpener', () => {
  function setUp(completed: Promise<DeepLink> = Promise.resolve(EMAIL_CHANGED)): {
    open: (raw: string) => Promise<void>
    delivered: OutboxEvent[]
    showWindow: ReturnType<typeof vi.fn>
    log: ReturnType<typeof silentLogger>
    openAuthLink: Mock<(raw: string) => Promise<DeepLink>>
  } {
    const delivered: OutboxEvent[] = []
    const outbox = createRendererOutbox((event) => delivered.push(event))
    outbox.markReady()
    const showWindow = vi.fn()
    const log = silentLogger()
    const openAuthLink = vi.fn(async () => completed)
    const open = createDeepLinkOpener({ outbox, showWindow, log, openAuthLink })
    return { open, delivered, showWindow, log, openAuthLink }
  }

  const EMAIL_CHANGED: DeepLink = { ok: true, route: { kind: 'auth', outcome: 'email_change' } }
  const MAILED =
    'instaframe://auth/callback#access_token=eyJ.eyJ.sig&refresh_token=refresh-secret-value&type=email_change'

  it('has a mailed link completed with the accounts first, then sends only what it did', async () => {
    const { open, delivered, showWindow, log, openAuthLink } = setUp()
    await open(MAILED)
    expect(openAuthLink).toHaveBeenCalledWith(MAILED)
    expect(delivered).toEqual([{ channel: 'app:deep-link', payload: EMAIL_CHANGED }])
    expect(showWindow).toHaveBeenCalledOnce()
    const logged = JSON.stringify(
      [log.info, log.warn, log.error].map((fn) => vi.mocked(fn).mock.calls)
    )
    expect(logged).toContain('email_change')
    expect(logged).not.toContain('refresh-secret-value')
    expect(logged).not.toContain('eyJ')
  })

  it('says the mailed link did not work when the accounts could not complete it', async () => {
    const { open, delivered, log } = setUp(Promise.reject(new Error('backend down')))
    await open(MAILED)
    expect(delivered).toEqual([
      {
        channel: 'app:deep-link',
        payload: { ok: false, message: AUTH_LINK_MESSAGES.unknownFailure }
      }
    ])
    expect(log.error).toHaveBeenCalledOnce()
  })

  it('never hands a route link or a look-alike to the accounts', async () => {
    const { open, openAuthLink, delivered } = setUp()
    await open('instaframe://u/jane')
    await open('instaframe://authx/callback#access_token=a.b.c')
    expect(openAuthLink).not.toHaveBeenCalled()
    expect(delivered.map((event) => (event.payload as DeepLink).ok)).toEqual([true, false])
  })

  it('sends a valid link as a route and brings the window forward', () => {
    const { open, delivered, showWindow } = setUp()
    open('instaframe://u/jane')
    expect(delivered).toEqual([
      {
        channel: 'app:deep-link',
        payload: { ok: true, route: { kind: 'profile', username: 'jane' } }
      }
    ])
    expect(showWindow).toHaveBeenCalledOnce()
  })

  it('sends a conversation link as its thread, which the window opens at #/direct/<id>', () => {
    const { open, delivered, showWindow } = setUp()
    open('instaframe://direct/0f8fad5b-d9cb-469f-a165-70867728950e')
    expect(delivered).toEqual([
      {
        channel: 'app:deep-link',
        payload: {
          ok: true,
          route: { kind: 'direct', threadId: '0f8fad5b-d9cb-469f-a165-70867728950e' }
        }
      }
    ])
    expect(showWindow).toHaveBeenCalledOnce()
  })

  it('sends an invalid link as its message, and never logs the raw link', () => {
    const { open, delivered, log } = setUp()
    open('instaframe://u/jane?access_token=secret')
    expect(delivered).toEqual([
      { channel: 'app:deep-link', payload: { ok: false, message: DEEP_LINK_MESSAGES.unknown } }
    ])
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('secret')
  })
})

describe('protocol registration', () => {
  const packaged = {
    isPackaged: true,
    defaultApp: false,
    execPath: 'C:\\Instaframe\\Instaframe.exe',
    argv: ['C:\\Instaframe\\Instaframe.exe']
  }
  const development = {
    isPackaged: false,
    defaultApp: true,
    execPath: '/repo/node_modules/electron/dist/electron',
    argv: ['/repo/node_modules/electron/dist/electron', '/repo/out/main/index.js']
  }

  it('a packaged app registers its own executable', () => {
    expect(protocolClientCommand(packaged)).toEqual({})
  })

  it('development registers Electron with the app path, or links would open Electron alone', () => {
    expect(protocolClientCommand(development)).toEqual({
      path: development.execPath,
      args: ['/repo/out/main/index.js']
    })
  })

  it('registers the instaframe scheme and warns when the OS refuses', () => {
    const app = { setAsDefaultProtocolClient: vi.fn(() => false) }
    const log = silentLogger()
    registerProtocolClient(app, development, log)
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith(
      'instaframe',
      development.execPath,
      ['/repo/out/main/index.js']
    )
    expect(log.warn).toHaveBeenCalledOnce()
    registerProtocolClient(app, packaged, log)
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('instaframe')
  })
})
