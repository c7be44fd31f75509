// The resumable-upload store: parts on disk (a data folder, or a temporary folder removed at
// close), appended at the recorded offset with bytes past it (a crash mid-append) cut off; an
// index of who holds what that the per-person caps read atomically and that a restart rebuilds;
// expired uploads and files a crash left behind found for the sweep.

import { appendFile, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createResumableStore,
  type HolderUsage,
  type ResumableUpload
} from '../../../../src/backend/storage/resumable-store'

const upload = (id: string, expiresAt: number, holder = 'sub:u', length = 10): ResumableUpload => ({
  id,
  bucketId: 'images',
  key: `posts/u/${id}.jpg`,
  length,
  offset: 0,
  rawMetadata: '',
  contentType: 'image/jpeg',
  cacheControl: 'no-cache',
  userMetadata: null,
  upsert: false,
  ownerSub: 'u',
  holder,
  expiresAt
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'resumable-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe.each([
  ['in the data folder', () => dir],
  ['in a temporary folder', () => null]
])('resumable store %s', (_name, where) => {
  it('appends parts on disk at the offset and lists expired uploads', async () => {
    const store = createResumableStore(where())
    const now = Date.now()
    await store.create(upload('live', now + 60_000))
    await store.create(upload('stale', now - 1))
    let live = (await store.get('live'))!
    live = await store.append(live, Buffer.from('hello'), now + 120_000)
    live = await store.append(live, Buffer.from('world'), now + 180_000)
    expect(live.offset).toBe(10)
    expect((await store.get('live'))!).toMatchObject({ offset: 10, expiresAt: now + 180_000 })
    expect(store.expiresAt('live')).toBe(now + 180_000)
    expect((await store.bytes(live)).toString()).toBe('helloworld')
    // The bytes are a file in the store's folder, not held in memory.
    const folder = store.folder()!
    const sizes = await Promise.all(
      (await readdir(folder))
        .filter((name) => name.endsWith('.part'))
        .map(async (name) => (await stat(join(folder, name))).size)
    )
    expect(sizes.sort()).toEqual([0, 10])

    expect(await store.expired(now)).toEqual(['stale'])
    await store.remove('stale')
    await store.remove('live')
    expect(await store.get('live')).toBeNull()
    expect(await readdir(folder)).toEqual([])
    await store.close()
  })
})

it('makes a temporary folder only when an upload needs one, and removes it at close', async () => {
  const unused = createResumableStore(null)
  expect(await unused.expired(Date.now())).toEqual([])
  expect(unused.folder()).toBeNull()
  await unused.close()

  const store = createResumableStore(null)
  await store.create(upload('a', Date.now() + 60_000))
  const folder = store.folder()!
  expect(folder.startsWith(tmpdir())).toBe(true)
  expect((await readdir(folder)).length).toBe(2)
  await store.close()
  await expect(stat(folder)).rejects.toMatchObject({ code: 'ENOENT' })
  await expect(store.get('a')).rejects.toThrow(/closed/)
})

it('keeps a data folder’s uploads at close and counts them again after a restart', async () => {
  const first = createResumableStore(dir)
  await first.create(upload('a', 1_000, 'sub:alice', 300))
  await first.create(upload('b', 5_000, 'sub:alice', 200))
  await first.create(upload('c', 5_000, 'sub:bob', 50))
  await first.close()

  const reopened = createResumableStore(dir)
  const usages: HolderUsage[] = []
  await reopened.create(upload('d', 5_000, 'sub:alice', 1), (usage) => void usages.push(usage))
  expect(usages).toEqual([{ uploads: 2, bytes: 500 }])
  expect(await reopened.expired(1_000)).toEqual(['a'])
  expect((await reopened.get('c'))!.holder).toBe('sub:bob')
})

it('refuses through admit with nothing written, and counts concurrent creations one at a time', async () => {
  const store = createResumableStore(dir)
  const capOfOne = (usage: HolderUsage): void => {
    if (usage.uploads >= 1) throw new Error('cap')
  }
  const results = await Promise.allSettled([
    store.create(upload('x', Date.now() + 60_000), capOfOne),
    store.create(upload('y', Date.now() + 60_000), capOfOne)
  ])
  expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
  // Only the admitted upload's two files exist.
  expect((await readdir(dir)).length).toBe(2)
  // Another holder is not counted against this one.
  await store.create(upload('z', Date.now() + 60_000, 'sub:other'), capOfOne)
})

it('cuts off bytes a crash appended past the recorded offset', async () => {
  const store = createResumableStore(dir)
  await store.create(upload('torn', Date.now() + 60_000))
  const torn = await store.append((await store.get('torn'))!, Buffer.from('abc'), Date.now())
  // Half a chunk reached the part file, but its new offset was never recorded.
  const part = (await readdir(dir)).find((name) => name.endsWith('.part'))!
  await appendFile(join(dir, part), Buffer.from('xyz'))
  const read = (await store.get('torn'))!
  expect(read.offset).toBe(torn.offset)
  expect((await store.bytes(read)).toString()).toBe('abc')
  const resumed = await store.append(read, Buffer.from('def'), Date.now())
  expect((await store.bytes(resumed)).toString()).toBe('abcdef')
})

it('removes files no upload owns once they are old enough, never a live upload’s', async () => {
  const store = createResumableStore(dir)
  await store.create(upload('kept', Date.now() + 60_000))
  const stray = join(dir, `${'0'.repeat(64)}.part`)
  await writeFile(stray, 'left by a crash')
  const past = new Date(Date.now() - 2 * 60 * 60 * 1000)
  for (const name of await readdir(dir)) await utimes(join(dir, name), past, past)

  expect(await store.removeStrays(Date.now() - 3 * 60 * 60 * 1000)).toBe(0)
  expect(await store.removeStrays(Date.now() - 60 * 60 * 1000)).toBe(1)
  expect((await readdir(dir)).length).toBe(2)
  expect(await store.get('kept')).not.toBeNull()
})
