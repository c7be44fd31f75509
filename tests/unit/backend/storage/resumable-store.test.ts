// The resumable-upload store on disk and in memory: parts append at the recorded offset, bytes
// past it (a crash mid-append) are cut off, and expired uploads are swept with their parts.

import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createResumableStore,
  type ResumableUpload
} from '../../../../src/backend/storage/resumable-store'

const upload = (id: string, expiresAt: number): ResumableUpload => ({
  id,
  bucketId: 'images',
  key: `posts/u/${id}.jpg`,
  length: 10,
  offset: 0,
  rawMetadata: '',
  contentType: 'image/jpeg',
  cacheControl: 'no-cache',
  userMetadata: null,
  upsert: false,
  ownerSub: 'u',
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
  ['on disk', () => dir],
  ['in memory', () => null]
])('resumable store %s', (_name, where) => {
  it('appends parts at the offset and sweeps expired uploads with them', async () => {
    const store = createResumableStore(where())
    const now = Date.now()
    await store.create(upload('live', now + 60_000))
    await store.create(upload('stale', now - 1))
    let live = (await store.get('live'))!
    live = await store.append(live, Buffer.from('hello'))
    live = await store.append(live, Buffer.from('world'))
    expect(live.offset).toBe(10)
    expect((await store.get('live'))!.offset).toBe(10)
    expect((await store.bytes(live)).toString()).toBe('helloworld')

    expect(await store.sweep(now)).toBe(1)
    expect(await store.get('stale')).toBeNull()
    expect(await store.get('live')).not.toBeNull()
    await store.remove('live')
    expect(await store.get('live')).toBeNull()
    if (where()) expect(await readdir(dir)).toEqual([])
  })
})

it('cuts off bytes a crash appended past the recorded offset', async () => {
  const store = createResumableStore(dir)
  await store.create(upload('torn', Date.now() + 60_000))
  const torn = await store.append((await store.get('torn'))!, Buffer.from('abc'))
  // Half a chunk reached the part file, but its new offset was never recorded.
  const part = (await readdir(dir)).find((name) => name.endsWith('.part'))!
  await appendFile(join(dir, part), Buffer.from('xyz'))
  const read = (await store.get('torn'))!
  expect(read.offset).toBe(torn.offset)
  expect((await store.bytes(read)).toString()).toBe('abc')
  const resumed = await store.append(read, Buffer.from('def'))
  expect((await store.bytes(resumed)).toString()).toBe('abcdef')
})
