import { describe, expect, it, vi } from 'vitest'
import { createHandle, INVALID_REQUEST_MESSAGE } from '../../../src/main/ipc/handle'
import { registerAuthIpc, type AuthService } from '../../../src/main/ipc/auth'
import { createPostAs } from '../../../src/shared/data/post-create'
import { POST_ACCOUNT_SWITCHED_MESSAGE } from '../../../src/shared/data/post-owner'
import { MESSAGES } from '../../../src/shared/messages'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

const ALICE = '11111111-1111-4111-8111-111111111111'

function service(): { [K in keyof AuthService]: ReturnType<typeof vi.fn> } {
  return {
    getSnapshot: vi.fn(),
    getAccessToken: vi.fn(),
    signUp: vi.fn(),
    signIn: vi.fn(),
    signOut: vi.fn(),
    switchTo: vi.fn(async () => undefined),
    addAccount: vi.fn(async () => {
      throw new Error(MESSAGES.tooManyAccounts(5))
    }),
    cancelAddAccount: vi.fn(async () => undefined),
    signOutAll: vi.fn(async () => undefined)
  }
}

function setup(): {
  ipc: FakeIpcMain
  win: ReturnType<typeof fakeWindow>
  auth: ReturnType<typeof service>
} {
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  const auth = service()
  registerAuthIpc(
    createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() }),
    auth as unknown as AuthService
  )
  return { ipc, win, auth }
}

describe('auth IPC for several accounts', () => {
  it('switches to an account by its user id and refuses anything that is not one', async () => {
    const { ipc, win, auth } = setup()
    await expect(ipc.invoke('auth:switch-account', win.event(), ALICE)).resolves.toEqual({
      ok: true,
      value: undefined
    })
    expect(auth.switchTo).toHaveBeenCalledWith(ALICE)
    for (const bad of ['../alice', '', 42, { id: ALICE }]) {
      await expect(ipc.invoke('auth:switch-account', win.event(), bad)).resolves.toEqual({
        ok: false,
        message: INVALID_REQUEST_MESSAGE
      })
    }
    expect(auth.switchTo).toHaveBeenCalledTimes(1)
  })

  it("passes the account limit's message through as is", async () => {
    const { ipc, win } = setup()
    await expect(ipc.invoke('auth:add-account', win.event())).resolves.toEqual({
      ok: false,
      message: MESSAGES.tooManyAccounts(5)
    })
  })

  it('refuses a queued post of another account before touching storage', async () => {
    const client = { storage: { from: vi.fn() }, from: vi.fn(), rpc: vi.fn() }
    await expect(
      createPostAs(client as never, ALICE, {
        caption: 'queued by bob',
        photos: [],
        authorId: '22222222-2222-4222-8222-222222222222'
      })
    ).rejects.toThrow(POST_ACCOUNT_SWITCHED_MESSAGE)
    expect(client.storage.from).not.toHaveBeenCalled()
    expect(client.from).not.toHaveBeenCalled()
  })
})
