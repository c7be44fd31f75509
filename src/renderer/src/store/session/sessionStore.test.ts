import { afterEach, describe, expect, it, vi } from 'vitest'
import { SIGNED_OUT } from '@shared/auth-snapshot'
import { deferred, fakeApi, signedIn } from '../../testing/fakes'
import { createSessionStore } from './sessionStore'

afterEach(() => vi.restoreAllMocks())

describe('session store', () => {
  it('loads the session at start and becomes ready', async () => {
    const api = fakeApi({ snapshot: signedIn() })
    const store = createSessionStore(api.auth)
    expect(store.getState().status).toBe('loading')
    store.getState().init()
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'))
    expect(store.getState().snapshot.user?.id).toBe('user-1')
  })

  it('follows auth events, and a late initial read does not overwrite a newer event', async () => {
    const api = fakeApi()
    const initial = deferred<typeof SIGNED_OUT>()
    api.auth.getSession.mockReturnValue(initial.promise)
    const store = createSessionStore(api.auth)
    store.getState().init()
    api.emit(signedIn())
    initial.resolve(SIGNED_OUT)
    await initial.promise
    await Promise.resolve()
    expect(store.getState().snapshot.user?.id).toBe('user-1')
    api.emit(SIGNED_OUT)
    expect(store.getState().snapshot.user).toBeNull()
  })

  it('clears the snapshot on sign-out', async () => {
    const api = fakeApi({ snapshot: signedIn() })
    const store = createSessionStore(api.auth)
    store.setState({ snapshot: signedIn(), status: 'ready' })
    await store.getState().signOut()
    expect(store.getState().snapshot).toEqual(SIGNED_OUT)
  })

  it('runs the after-sign-out hook with who signed out, only once sign-out succeeded', async () => {
    const api = fakeApi({ snapshot: signedIn() })
    const afterSignOut = vi.fn(async () => undefined)
    const store = createSessionStore(api.auth, { afterSignOut })
    store.setState({ snapshot: signedIn(), status: 'ready' })
    api.auth.signOut.mockRejectedValueOnce(new Error('network down'))
    await expect(store.getState().signOut()).rejects.toThrow('network down')
    expect(afterSignOut).not.toHaveBeenCalled()
    await store.getState().signOut()
    expect(afterSignOut).toHaveBeenCalledWith('user-1', false)
  })

  it('tells the after-sign-out hook when other accounts stay signed in', async () => {
    const other = { id: 'user-2', username: 'bob', fullName: null, avatarUrl: null }
    const api = fakeApi({ snapshot: signedIn() })
    // The platform makes the next account current once the first one logs out.
    api.auth.signOut.mockImplementation(async () => {
      api.auth.getSession.mockResolvedValue({ ...SIGNED_OUT, accounts: [other] })
    })
    const afterSignOut = vi.fn(async () => undefined)
    const store = createSessionStore(api.auth, { afterSignOut })
    const me = { id: 'user-1', username: 'jane', fullName: null, avatarUrl: null }
    store.setState({ snapshot: { ...signedIn(), accounts: [me, other] }, status: 'ready' })
    await store.getState().signOut()
    expect(afterSignOut).toHaveBeenCalledWith('user-1', true)
    await store.getState().signOutAll()
    expect(afterSignOut).toHaveBeenLastCalledWith(null, false)
  })

  it('treats a failed initial read as signed out, and logs it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const api = fakeApi()
    api.auth.getSession.mockRejectedValue(new Error('ipc down'))
    const store = createSessionStore(api.auth)
    store.getState().init()
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'))
    expect(store.getState().snapshot).toEqual(SIGNED_OUT)
  })
})
