import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  createHandle,
  INVALID_REQUEST_MESSAGE,
  REFUSED_SENDER_MESSAGE,
  type FrameLike
} from '../../../src/main/ipc/handle'
import { registerImagesIpc } from '../../../src/main/ipc/images'
import { registerPostsIpc } from '../../../src/main/ipc/posts'
import { noPayload } from '../../../src/main/ipc/schemas'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

function setup(): {
  ipc: FakeIpcMain
  win: ReturnType<typeof fakeWindow>
  handle: ReturnType<typeof createHandle>
} {
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  const handle = createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() })
  return { ipc, win, handle }
}

describe('handle(): the sender check', () => {
  it('answers our own window main frame', async () => {
    const { ipc, win, handle } = setup()
    handle('app:get-config', noPayload, () => ({ version: '1' }) as never)
    await expect(ipc.invoke('app:get-config', win.event())).resolves.toEqual({
      ok: true,
      value: { version: '1' }
    })
  })

  it('refuses a foreign webContents without running the handler', async () => {
    const { ipc, win, handle } = setup()
    const handler = vi.fn()
    handle('auth:get-access-token', noPayload, handler)
    const foreignContents = { mainFrame: { url: win.contents.mainFrame.url, parent: null } }
    const result = await ipc.invoke(
      'auth:get-access-token',
      win.event(foreignContents.mainFrame, foreignContents)
    )
    expect(result).toEqual({ ok: false, message: REFUSED_SENDER_MESSAGE })
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuses a subframe of our own window', async () => {
    const { ipc, win, handle } = setup()
    const handler = vi.fn()
    handle('auth:get-access-token', noPayload, handler)
    const iframe: FrameLike = { url: win.contents.mainFrame.url, parent: win.contents.mainFrame }
    const result = await ipc.invoke('auth:get-access-token', win.event(iframe))
    expect(result).toEqual({ ok: false, message: REFUSED_SENDER_MESSAGE })
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuses our main frame once it shows a page that is not the app', async () => {
    const { ipc, win, handle } = setup()
    const handler = vi.fn()
    handle('auth:get-access-token', noPayload, handler)
    const navigated = win.contents.mainFrame as { url: string }
    navigated.url = 'https://evil.example/'
    const result = await ipc.invoke('auth:get-access-token', win.event())
    expect(result).toEqual({ ok: false, message: REFUSED_SENDER_MESSAGE })
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuses a call whose sender frame is gone', async () => {
    const { ipc, win, handle } = setup()
    const handler = vi.fn()
    handle('auth:get-access-token', noPayload, handler)
    const result = await ipc.invoke('auth:get-access-token', {
      sender: win.contents,
      senderFrame: null
    })
    expect(result).toEqual({ ok: false, message: REFUSED_SENDER_MESSAGE })
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuses everything before the window exists', async () => {
    const ipc = new FakeIpcMain()
    const win = fakeWindow()
    const handle = createHandle({
      ipcMain: ipc,
      policy: { ...win.policy, trustedWebContents: () => null },
      log: silentLogger()
    })
    const handler = vi.fn()
    handle('auth:get-session', noPayload, handler)
    expect(await ipc.invoke('auth:get-session', win.event())).toMatchObject({ ok: false })
    expect(handler).not.toHaveBeenCalled()
  })
})

describe('handle(): payload validation', () => {
  it('refuses a malformed payload before the handler runs', async () => {
    const { ipc, win, handle } = setup()
    const handler = vi.fn()
    handle('auth:sign-in', z.strictObject({ email: z.string(), password: z.string() }), handler)
    for (const payload of [undefined, null, 'a@b.c', { email: 1, password: 'x' }, { email: 'a' }]) {
      expect(await ipc.invoke('auth:sign-in', win.event(), payload)).toEqual({
        ok: false,
        message: INVALID_REQUEST_MESSAGE
      })
    }
    expect(
      await ipc.invoke('auth:sign-in', win.event(), { email: 'a', password: 'b' }, 'extra')
    ).toMatchObject({ ok: false, message: INVALID_REQUEST_MESSAGE })
    expect(handler).not.toHaveBeenCalled()
  })

  it('images:pick with a smuggled path touches neither the dialog nor the disk', async () => {
    const { ipc, win, handle } = setup()
    const deps = { showOpenDialog: vi.fn(), stat: vi.fn(), readFile: vi.fn() }
    registerImagesIpc(handle, deps)
    const result = await ipc.invoke('images:pick', win.event(), { path: '/etc/passwd' })
    expect(result).toEqual({ ok: false, message: INVALID_REQUEST_MESSAGE })
    expect(deps.showOpenDialog).not.toHaveBeenCalled()
    expect(deps.stat).not.toHaveBeenCalled()
    expect(deps.readFile).not.toHaveBeenCalled()
  })

  it('posts:create with bytes that are not a Uint8Array makes no network call', async () => {
    const { ipc, win, handle } = setup()
    const client = vi.fn()
    registerPostsIpc(handle, { client, currentUserId: () => 'user-1' })
    const result = await ipc.invoke('posts:create', win.event(), {
      caption: 'hi',
      image: { name: 'a.png', type: 'image/png', bytes: [137, 80, 78, 71] }
    })
    expect(result).toEqual({ ok: false, message: INVALID_REQUEST_MESSAGE })
    expect(client).not.toHaveBeenCalled()
  })
})

describe('handle(): results', () => {
  it('turns a thrown error into its message, or the fallback when it has none', async () => {
    const { ipc, win, handle } = setup()
    handle('auth:sign-out', noPayload, () => {
      throw new Error('Session missing')
    })
    handle(
      'auth:get-session',
      noPayload,
      () => {
        throw new Error('')
      },
      { fallbackMessage: 'Failed to sign out' }
    )
    expect(await ipc.invoke('auth:sign-out', win.event())).toEqual({
      ok: false,
      message: 'Session missing'
    })
    expect(await ipc.invoke('auth:get-session', win.event())).toEqual({
      ok: false,
      message: 'Failed to sign out'
    })
  })

  it('refuses to register a channel twice', () => {
    const { handle } = setup()
    handle('app:get-config', noPayload, vi.fn())
    expect(() => handle('app:get-config', noPayload, vi.fn())).toThrow(/registered twice/)
  })
})
