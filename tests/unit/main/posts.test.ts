import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { createHandle } from '../../../src/main/ipc/handle'
import { registerPostsIpc, SIGN_IN_TO_POST_MESSAGE } from '../../../src/main/ipc/posts'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

/** The storage and table calls createPost makes, with a switchable insert failure. */
function fakeSupabase(options: { insertError?: { message: string } } = {}) {
  const objects = new Map<string, Uint8Array>()
  const bucket = {
    upload: vi.fn(async (path: string, bytes: Uint8Array) => {
      objects.set(path, bytes)
      return { data: { path }, error: null }
    }),
    getPublicUrl: (path: string) => ({
      data: { publicUrl: `http://127.0.0.1:54321/storage/v1/object/public/images/${path}` }
    }),
    remove: vi.fn(async (paths: string[]) => {
      for (const path of paths) objects.delete(path)
      return { data: [], error: null }
    })
  }
  const rows: unknown[] = []
  const client = {
    storage: { from: vi.fn(() => bucket) },
    from: vi.fn(() => ({
      insert: (row: Record<string, unknown>) => ({
        select: () => ({
          single: async () => {
            if (options.insertError) return { data: null, error: options.insertError }
            const saved = { id: 'p1', likes_count: 0, comments_count: 0, created_at: 'now', ...row }
            rows.push(saved)
            return { data: saved, error: null }
          }
        })
      })
    }))
  }
  return { client: client as unknown as SupabaseClient, objects, rows, bucket }
}

function setup(supabase: ReturnType<typeof fakeSupabase>, userId: string | null = 'user-1') {
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  registerPostsIpc(createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() }), {
    client: () => supabase.client,
    currentUserId: () => userId
  })
  return (payload: unknown) => ipc.invoke('posts:create', win.event(), payload)
}

const payload = (caption = '  A cat  ') => ({
  caption,
  image: { name: 'cat.png', type: 'image/png', bytes: PNG }
})

describe('posts:create', () => {
  it('uploads under posts/{uid}/ and inserts the row with the trimmed caption', async () => {
    const supabase = fakeSupabase()
    const result = await setup(supabase)(payload())
    expect(result).toMatchObject({ ok: true, value: { user_id: 'user-1', caption: 'A cat' } })
    const [path] = [...supabase.objects.keys()]
    expect(path).toMatch(/^posts\/user-1\/\d+-[a-z0-9]{10}\.png$/)
  })

  it('removes the uploaded object when the insert fails, and says why', async () => {
    const supabase = fakeSupabase({
      insertError: { message: 'new row violates row-level security' }
    })
    const result = await setup(supabase)(payload())
    expect(result).toEqual({
      ok: false,
      message: 'Failed to save post: new row violates row-level security'
    })
    expect(supabase.bucket.upload).toHaveBeenCalledTimes(1)
    const uploadedPath = supabase.bucket.upload.mock.calls[0][0]
    expect(supabase.bucket.remove).toHaveBeenCalledWith([uploadedPath])
    expect(supabase.objects.size).toBe(0)
  })

  it('needs a signed-in user, before any upload', async () => {
    const supabase = fakeSupabase()
    expect(await setup(supabase, null)(payload())).toEqual({
      ok: false,
      message: SIGN_IN_TO_POST_MESSAGE
    })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })

  it('refuses a caption over 500 characters after trimming, before any upload', async () => {
    const supabase = fakeSupabase()
    const ok = await setup(supabase)(payload(`  ${'a'.repeat(500)}  `))
    expect(ok).toMatchObject({ ok: true })
    const tooLong = await setup(supabase)(payload('a'.repeat(501)))
    expect(tooLong).toEqual({ ok: false, message: 'Caption must be at most 500 characters' })
    expect(supabase.bucket.upload).toHaveBeenCalledTimes(1)
  })

  it('refuses bytes that are not an image with the spec message', async () => {
    const supabase = fakeSupabase()
    const result = await setup(supabase)({
      caption: '',
      image: { name: 'x.png', type: 'image/png', bytes: new TextEncoder().encode('hello') }
    })
    expect(result).toEqual({ ok: false, message: 'Please select an image file' })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })
})
