// posts:cancel through the IPC wrapper: it stops the upload of the post of that id, the objects
// already stored are removed and posts:create answers that the upload was canceled, with no
// row written; a cancel of an id not being uploaded does nothing; a malformed id is refused.

import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { createHandle } from '../../../src/main/ipc/handle'
import { registerPostsIpc } from '../../../src/main/ipc/posts'
import { MESSAGES } from '../../../src/shared/messages'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const POST_ID = '5f0c8e1a-3b7d-4c2e-9a61-8d4f2b7c9e10'

/** Storage whose uploads land only when `land()` is called; an rpc that must not be reached. */
function slowStorage() {
  const waiting: Array<() => void> = []
  const bucket = {
    upload: vi.fn(
      (path: string) =>
        new Promise((resolve) => waiting.push(() => resolve({ data: { path }, error: null })))
    ),
    getPublicUrl: (path: string) => ({
      data: { publicUrl: `http://x/object/public/images/${path}` }
    }),
    remove: vi.fn(async () => ({ data: [], error: null }))
  }
  const client = { storage: { from: () => bucket }, rpc: vi.fn() }
  const land = (): void => waiting.splice(0).forEach((resolve) => resolve())
  return { client: client as unknown as SupabaseClient, bucket, rpc: client.rpc, land }
}

function setup(storage: ReturnType<typeof slowStorage>) {
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  Object.assign(win.contents, { send: () => undefined })
  registerPostsIpc(createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() }), {
    client: () => storage.client,
    currentUserId: () => 'user-1'
  })
  return (channel: string, payload: unknown) => ipc.invoke(channel, win.event(), payload)
}

const post = {
  id: POST_ID,
  caption: 'Stop me',
  photos: [{ image: { name: 'a.png', type: 'image/png', bytes: PNG }, altText: '' }]
}

describe('posts:cancel', () => {
  it('stops the post of that id: what was stored is removed and nothing is saved', async () => {
    const storage = slowStorage()
    const invoke = setup(storage)
    const creating = invoke('posts:create', post)
    await vi.waitFor(() => expect(storage.bucket.upload).toHaveBeenCalled())
    expect(await invoke('posts:cancel', POST_ID)).toEqual({ ok: true, value: undefined })
    storage.land()
    expect(await creating).toEqual({ ok: false, message: MESSAGES.uploadCanceled })
    const [path] = storage.bucket.upload.mock.calls[0]
    expect(storage.bucket.remove).toHaveBeenCalledWith([path])
    expect(storage.rpc).not.toHaveBeenCalled()
  })

  it('does nothing for another id, and refuses one that is not a uuid', async () => {
    const storage = slowStorage()
    const invoke = setup(storage)
    const creating = invoke('posts:create', post)
    await vi.waitFor(() => expect(storage.bucket.upload).toHaveBeenCalled())
    await invoke('posts:cancel', '11111111-2222-4333-8444-555555555555')
    expect(await invoke('posts:cancel', '../x')).toMatchObject({ ok: false })
    storage.land()
    await creating
    expect(storage.bucket.remove).not.toHaveBeenCalled()
    expect(storage.rpc).toHaveBeenCalled()
  })
})
