import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { createHandle } from '../../../src/main/ipc/handle'
import { registerPostsIpc } from '../../../src/main/ipc/posts'
import { SIGN_IN_TO_POST_MESSAGE } from '../../../src/shared/data/post-owner'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
// RIFF....WEBP: enough for the magic-byte check.
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 9])

/** The storage and rpc calls createPost makes, with switchable insert and upload failures. */
function fakeSupabase(
  options: { insertError?: { message: string; code: string }; failUploadMatching?: RegExp } = {}
) {
  const objects = new Map<string, Uint8Array>()
  const bucket = {
    upload: vi.fn(async (path: string, bytes: Uint8Array) => {
      if (options.failUploadMatching?.test(path)) {
        return { data: null, error: { message: 'The object exceeded the maximum allowed size' } }
      }
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
    // create_post, the one way a post is made: it answers the post row its first photo heads.
    rpc: vi.fn(
      (
        _fn: string,
        args: { caption: string; images: Record<string, unknown>[]; post_id: string }
      ) => ({
        select: () => ({
          single: async () => {
            if (options.insertError) return { data: null, error: options.insertError }
            const { alt_text: _alt, ...first } = args.images[0]
            const saved = {
              ...first,
              id: args.post_id,
              user_id: 'user-1',
              caption: args.caption,
              likes_count: 0,
              comments_count: 0,
              created_at: 'now'
            }
            rows.push(saved)
            return { data: saved, error: null }
          }
        })
      })
    )
  }
  return { client: client as unknown as SupabaseClient, objects, rows, bucket }
}

function setup(
  supabase: ReturnType<typeof fakeSupabase>,
  userId: string | null = 'user-1',
  sent: unknown[][] = []
) {
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  // webContents.send, so progress reaches the window that asked.
  Object.assign(win.contents, { send: (...args: unknown[]) => sent.push(args) })
  registerPostsIpc(createHandle({ ipcMain: ipc, policy: win.policy, log: silentLogger() }), {
    client: () => supabase.client,
    currentUserId: () => userId
  })
  return (payload: unknown, channel = 'posts:create') => ipc.invoke(channel, win.event(), payload)
}

/** A post of one photo, as every post is sent: photos, each with its alt text. */
const onePhoto = (
  caption: string,
  image: { name: string; type: string; bytes: Uint8Array },
  renditions?: Record<string, unknown>
) => ({
  caption,
  photos: [{ image, altText: '', ...(renditions && { renditions }) }]
})

const thumbnailOf = (overrides: Record<string, unknown> = {}) => ({
  thumbnail: { name: 'cat-thumb.webp', type: 'image/webp', bytes: WEBP },
  width: 1080,
  height: 720,
  placeholder: 'k/cFBwAod4h3h3eHeIeHh3d4h4B4',
  ...overrides
})

const withRenditions = (overrides: Record<string, unknown> = {}) =>
  onePhoto('Wide', { name: 'cat.webp', type: 'image/webp', bytes: WEBP }, thumbnailOf(overrides))

const payload = (caption = '  A cat  ') =>
  onePhoto(caption, { name: 'cat.png', type: 'image/png', bytes: PNG })

describe('posts:create', () => {
  it('uploads under posts/{uid}/ and inserts the row with the trimmed caption', async () => {
    const supabase = fakeSupabase()
    const result = await setup(supabase)(payload())
    expect(result).toMatchObject({ ok: true, value: { user_id: 'user-1', caption: 'A cat' } })
    const [path] = [...supabase.objects.keys()]
    expect(path).toMatch(/^posts\/user-1\/[0-9a-f-]{36}-0\.png$/)
  })

  it('keeps the post id the renderer chose, so a resend names the same post and objects', async () => {
    const supabase = fakeSupabase()
    const id = '5f0c8e1a-3b7d-4c2e-9a61-8d4f2b7c9e10'
    const result = await setup(supabase)({ ...payload(), id })
    expect(result).toMatchObject({ ok: true })
    expect([...supabase.objects.keys()]).toEqual([`posts/user-1/${id}-0.png`])
  })

  it('refuses a post id that is not a uuid as malformed, before any upload', async () => {
    const supabase = fakeSupabase()
    const result = await setup(supabase)({ ...payload(), id: '../../other-user/x' })
    expect(result).toMatchObject({ ok: false })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })

  it('removes the uploaded object when the insert fails, and says why', async () => {
    const supabase = fakeSupabase({
      insertError: { message: 'new row violates row-level security', code: '42501' }
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
    const result = await setup(supabase)(
      onePhoto('', { name: 'x.png', type: 'image/png', bytes: new TextEncoder().encode('hello') })
    )
    expect(result).toEqual({ ok: false, message: 'Please select an image file' })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })
})

describe('posts:create with renditions', () => {
  it('uploads the feed image and its thumbnail, and saves size, thumb and placeholder', async () => {
    const supabase = fakeSupabase()
    const sent: unknown[][] = []
    const result = await setup(supabase, 'user-1', sent)(withRenditions())
    const paths = [...supabase.objects.keys()]
    expect(paths).toHaveLength(2)
    expect(paths[0]).toMatch(/^posts\/user-1\/[0-9a-f-]{36}-0\.webp$/)
    expect(paths[1]).toBe(paths[0].replace('.webp', '-thumb.webp'))
    expect(result).toMatchObject({
      ok: true,
      value: {
        width: 1080,
        height: 720,
        placeholder: 'k/cFBwAod4h3h3eHeIeHh3d4h4B4',
        thumb_url: expect.stringMatching(/-thumb\.webp$/)
      }
    })
    expect(sent.filter(([channel]) => channel === 'posts:progress')).toEqual([
      ['posts:progress', 'uploading'],
      ['posts:progress', 'saving']
    ])
    // The bytes stored, as each of the two uploads lands.
    const total = WEBP.byteLength * 2
    expect(sent.filter(([channel]) => channel === 'posts:upload-progress').at(-1)).toEqual([
      'posts:upload-progress',
      { sentBytes: total, totalBytes: total }
    ])
  })

  it('removes both uploads when the insert fails', async () => {
    const supabase = fakeSupabase({
      insertError: { message: 'violates check constraint', code: '23514' }
    })
    const result = await setup(supabase)(withRenditions())
    expect(result).toEqual({ ok: false, message: 'Failed to save post: violates check constraint' })
    const uploaded = supabase.bucket.upload.mock.calls.map((call) => call[0])
    expect(uploaded).toHaveLength(2)
    expect(supabase.bucket.remove).toHaveBeenCalledWith(uploaded)
    expect(supabase.objects.size).toBe(0)
  })

  it('removes the feed image when the thumbnail upload fails, and inserts nothing', async () => {
    const supabase = fakeSupabase({ failUploadMatching: /-thumb\./ })
    const result = await setup(supabase)(withRenditions())
    expect(result).toEqual({
      ok: false,
      message: 'Upload failed: The object exceeded the maximum allowed size'
    })
    expect(supabase.objects.size).toBe(0)
    expect(supabase.rows).toHaveLength(0)
  })

  it.each([
    ['a zero width', { width: 0 }],
    ['a fractional height', { height: 10.5 }],
    ['an over-long placeholder', { placeholder: 'A'.repeat(200) }]
  ])('refuses %s before any upload', async (_name, overrides) => {
    const supabase = fakeSupabase()
    const result = await setup(supabase)(withRenditions(overrides))
    expect(result).toMatchObject({ ok: false })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })

  it('refuses a thumbnail whose bytes are not an image, before any upload', async () => {
    const supabase = fakeSupabase()
    const payload = onePhoto(
      'Wide',
      { name: 'cat.webp', type: 'image/webp', bytes: WEBP },
      {
        ...thumbnailOf(),
        thumbnail: { name: 't.webp', type: 'image/webp', bytes: PNG.slice(3) }
      }
    )
    expect(await setup(supabase)(payload)).toEqual({
      ok: false,
      message: 'The processed image is invalid'
    })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })
})

describe('posts:create with several photos', () => {
  const carousel = (count: number, image = { name: 'cat.png', type: 'image/png', bytes: PNG }) => ({
    caption: 'Many',
    photos: Array.from({ length: count }, () => ({ image, altText: '' }))
  })

  it('needs a signed-in user, before any upload', async () => {
    const supabase = fakeSupabase()
    expect(await setup(supabase, null)(carousel(2))).toEqual({
      ok: false,
      message: SIGN_IN_TO_POST_MESSAGE
    })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })

  it('refuses 11 photos with a clear message, before any upload', async () => {
    const supabase = fakeSupabase()
    expect(await setup(supabase)(carousel(11))).toEqual({
      ok: false,
      message: 'A post can hold at most 10 photos'
    })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })

  it('names the photo that is not an image, before any upload', async () => {
    const supabase = fakeSupabase()
    const payload = carousel(2)
    payload.photos.push({
      image: { name: 'notes.png', type: 'image/png', bytes: new TextEncoder().encode('<html>') },
      altText: ''
    })
    expect(await setup(supabase)(payload)).toEqual({
      ok: false,
      message: 'Photo 3: Please select an image file'
    })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })

  it('refuses a payload of more than a dozen photos as malformed', async () => {
    const supabase = fakeSupabase()
    const result = await setup(supabase)(carousel(13))
    expect(result).toMatchObject({ ok: false })
    expect(supabase.bucket.upload).not.toHaveBeenCalled()
  })
})
