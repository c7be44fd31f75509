import { describe, expect, it, vi } from 'vitest'
import { registerAppIpc } from '../../../src/main/ipc/app'
import { createHandle, REFUSED_SENDER_MESSAGE } from '../../../src/main/ipc/handle'
import { UPDATE_MESSAGES } from '../../../src/main/updates/update-service'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

function setUp(
  restartToUpdate: () => void = vi.fn(),
  windowShown: () => Promise<void> = async () => undefined
): {
  ipc: FakeIpcMain
  win: ReturnType<typeof fakeWindow>
  rendererReady: ReturnType<typeof vi.fn>
  setLanguage: ReturnType<typeof vi.fn>
} {
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  const rendererReady = vi.fn()
  const setLanguage = vi.fn()
  registerAppIpc(createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() }), {
    getConfig: () => {
      throw new Error('not used')
    },
    rendererReady,
    restartToUpdate,
    windowShown,
    getLocale: () => 'de-AT',
    setLanguage
  })
  return { ipc, win, rendererReady, setLanguage }
}

describe('app IPC', () => {
  it('app:ready from the app window releases the queued events', async () => {
    const { ipc, win, rendererReady } = setUp()
    await expect(ipc.invoke('app:ready', win.event())).resolves.toEqual({ ok: true })
    expect(rendererReady).toHaveBeenCalledOnce()
  })

  it('app:ready from a subframe is refused and releases nothing', async () => {
    const { ipc, win, rendererReady } = setUp()
    const iframe = { url: 'https://evil.example/', parent: win.contents.mainFrame }
    await expect(ipc.invoke('app:ready', win.event(iframe))).resolves.toEqual({
      ok: false,
      message: REFUSED_SENDER_MESSAGE
    })
    expect(rendererReady).not.toHaveBeenCalled()
  })

  it('app:window-shown answers only once the window is on screen', async () => {
    let show: () => void = () => undefined
    const shown = new Promise<void>((resolve) => (show = resolve))
    const { ipc, win } = setUp(vi.fn(), () => shown)
    let answer: unknown = null
    const answered = ipc.invoke('app:window-shown', win.event()).then((value) => (answer = value))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(answer).toBeNull()
    show()
    await answered
    expect(answer).toEqual({ ok: true })
  })

  it('app:restart-to-update answers with the reason when nothing is downloaded', async () => {
    const { ipc, win } = setUp(() => {
      throw new Error(UPDATE_MESSAGES.notReady)
    })
    await expect(ipc.invoke('app:restart-to-update', win.event())).resolves.toEqual({
      ok: false,
      message: UPDATE_MESSAGES.notReady
    })
  })

  it('app:get-locale answers the app window with the system language', async () => {
    const { ipc, win } = setUp()
    await expect(ipc.invoke('app:get-locale', win.event())).resolves.toEqual({
      ok: true,
      value: 'de-AT'
    })
    const iframe = { url: 'https://evil.example/', parent: win.contents.mainFrame }
    await expect(ipc.invoke('app:get-locale', win.event(iframe))).resolves.toEqual({
      ok: false,
      message: REFUSED_SENDER_MESSAGE
    })
  })

  it('app:set-language takes only a language the app speaks, from the app window', async () => {
    const { ipc, win, setLanguage } = setUp()
    await expect(ipc.invoke('app:set-language', win.event(), 'ar')).resolves.toEqual({ ok: true })
    expect(setLanguage).toHaveBeenCalledWith('ar')
    for (const payload of ['xx', 'en-XA', 42, { language: 'de' }, undefined]) {
      const answer = await ipc.invoke('app:set-language', win.event(), payload)
      expect(answer, JSON.stringify(payload)).toMatchObject({ ok: false })
    }
    const iframe = { url: 'https://evil.example/', parent: win.contents.mainFrame }
    await expect(ipc.invoke('app:set-language', win.event(iframe), 'de')).resolves.toEqual({
      ok: false,
      message: REFUSED_SENDER_MESSAGE
    })
    expect(setLanguage).toHaveBeenCalledOnce()
  })
})
