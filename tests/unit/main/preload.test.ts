import { beforeEach, describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNELS } from '../../../src/shared/bridge-contract'

// The preload is glue over contextBridge/ipcRenderer: mocking the module is the honest test.
const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    listeners,
    exposed: {} as Record<string, unknown>,
    invoke: vi.fn(),
    contextBridge: {
      exposeInMainWorld: (key: string, value: unknown) => {
        electron.exposed[key] = value
      }
    },
    ipcRenderer: {
      invoke: (...args: unknown[]) => electron.invoke(...args),
      on: (channel: string, fn: (...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set())
        listeners.get(channel)!.add(fn)
      },
      removeListener: (channel: string, fn: (...args: unknown[]) => void) => {
        listeners.get(channel)?.delete(fn)
      }
    }
  }
})
vi.mock('electron', () => ({
  contextBridge: electron.contextBridge,
  ipcRenderer: electron.ipcRenderer
}))

const { api } = await import('../../../src/preload/index')

describe('preload window.api', () => {
  beforeEach(() => electron.invoke.mockReset())

  it('exposes the api as window.api', () => {
    expect(electron.exposed.api).toBe(api)
    expect(api.images.hasNativeDialog).toBe(true)
  })

  it('unwraps ok results and sends one payload on the contract channel', async () => {
    electron.invoke.mockResolvedValue({ ok: true, value: { needsConfirmation: false } })
    const input = { fullName: 'Ada', username: 'ada', email: 'a@b.c', password: 'pw' }
    await expect(api.auth.signUp(input)).resolves.toEqual({ needsConfirmation: false })
    expect(electron.invoke).toHaveBeenCalledWith('auth:sign-up', input)
  })

  it('throws the main-process message as is', async () => {
    electron.invoke.mockResolvedValue({ ok: false, message: 'Invalid login credentials' })
    await expect(api.auth.signIn({ email: 'a', password: 'b' })).rejects.toThrow(
      /^Invalid login credentials$/
    )
  })

  it('calls every contract channel, and no other', async () => {
    electron.invoke.mockResolvedValue({ ok: true, value: null })
    await api.auth.getSession()
    await api.auth.signUp({ fullName: '', username: '', email: '', password: '' })
    await api.auth.signIn({ email: '', password: '' })
    await api.auth.signOut()
    await api.auth.getAccessToken()
    await api.auth.switchAccount('')
    await api.auth.addAccount()
    await api.auth.cancelAddAccount()
    await api.auth.signOutAll()
    await api.account.requestPasswordReset('')
    await api.account.sendLoginCode('')
    await api.account.verifyEmailCode({ email: '', code: '', kind: 'login' })
    await api.account.setNewPassword('')
    await api.account.changePassword({ currentPassword: '', newPassword: '' })
    await api.account.changeEmail('')
    await api.account.deleteAccount('')
    await api.account.verifySecondFactor('')
    await api.account.listTwoFactor()
    await api.account.enrollTwoFactor()
    await api.account.confirmTwoFactor({ factorId: '', code: '' })
    await api.account.removeTwoFactor('')
    await api.account.recoveryCodeStatus()
    await api.account.generateRecoveryCodes()
    await api.account.redeemRecoveryCode('')
    await api.images.pick({ multiple: true })
    await api.posts.create({ caption: '', photos: [] })
    await api.posts.cancel('5f0c8e1a-3b7d-4c2e-9a61-8d4f2b7c9e10')
    await api.data.exportInformation()
    await api.app.getConfig()
    await api.notifications.report({ unreadCount: 0, alerts: [] })
    await api.notifications.reportDirect({ unreadCount: 0, openThreadId: null, alerts: [] })
    await api.notifications.getEnabled()
    await api.notifications.setEnabled(true)
    await api.app.ready()
    await api.app.restartToUpdate()
    await api.app.windowShown()
    await api.app.getSystemLanguages()
    await api.app.setLanguage('de')
    const channels = electron.invoke.mock.calls.map((call) => call[0])
    expect([...channels].sort()).toEqual([...INVOKE_CHANNELS].sort())
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/invoke|send/)
  })

  it('onChanged delivers only the snapshot and unsubscribes', () => {
    const seen: unknown[] = []
    const off = api.auth.onChanged((snapshot) => seen.push(snapshot))
    const [listener] = electron.listeners.get('auth:changed')!
    listener({ sender: 'event' }, { user: null })
    expect(seen).toEqual([{ user: null }])
    off()
    expect(electron.listeners.get('auth:changed')!.size).toBe(0)
  })

  it('delivers deep links, menu commands, notices and opened photos from their own channels', () => {
    const seen: unknown[] = []
    const offs = [
      api.app.onDeepLink((link) => seen.push(link)),
      api.app.onCommand((command) => seen.push(command)),
      api.app.onNotice((notice) => seen.push(notice)),
      api.app.onOpenFiles((opened) => seen.push(opened))
    ]
    const link = { ok: true, route: { kind: 'profile', username: 'jane' } }
    const opened = { ok: false, message: 'Please drop an image file' }
    for (const [channel, payload] of [
      ['app:deep-link', link],
      ['app:command', 'new-post'],
      ['app:notice', 'Restarting'],
      ['app:open-files', opened]
    ] as const) {
      for (const listener of electron.listeners.get(channel)!) listener({ sender: 'x' }, payload)
    }
    expect(seen).toEqual([link, 'new-post', 'Restarting', opened])
    for (const off of offs) off()
    expect(electron.listeners.get('app:command')!.size).toBe(0)
  })
})
