import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createByteStore, objectFilePath } from '../../../../src/backend/storage/byte-store'

describe.each(['disk', 'memory'])('%s byte store', (kind) => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bytes-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  const store = (): ReturnType<typeof createByteStore> =>
    createByteStore(kind === 'disk' ? dir : null)

  it('publishes staged bytes and reads them back', async () => {
    const s = store()
    const staged = await s.stage('images', 'posts/u/a.png', Buffer.from('one'))
    expect(await s.read('images', 'posts/u/a.png')).toBeNull()
    await staged.publish()
    await staged.finish()
    expect((await s.read('images', 'posts/u/a.png'))?.toString()).toBe('one')
  })

  it('reads at most the first bytes of an object, or null when there is none', async () => {
    const s = store()
    const staged = await s.stage('images', 'head.png', Buffer.from('0123456789'))
    expect(await s.readHead('images', 'head.png', 4)).toBeNull()
    await staged.publish()
    await staged.finish()
    expect((await s.readHead('images', 'head.png', 4))?.toString()).toBe('0123')
    expect((await s.readHead('images', 'head.png', 64))?.toString()).toBe('0123456789')
    expect(await s.readHead('images', 'missing.png', 4)).toBeNull()
  })

  it('rolls back a published new object: nothing is left behind', async () => {
    const s = store()
    const staged = await s.stage('images', 'posts/u/b.png', Buffer.from('two'))
    await staged.publish()
    await staged.rollback()
    expect(await s.read('images', 'posts/u/b.png')).toBeNull()
    if (kind === 'disk') expect(await readdir(join(dir, '.staging'))).toEqual([])
  })

  it('rolls back an overwrite to the previous bytes', async () => {
    const s = store()
    const first = await s.stage('images', 'k.png', Buffer.from('old'))
    await first.publish()
    await first.finish()
    const second = await s.stage('images', 'k.png', Buffer.from('new'))
    await second.publish()
    expect((await s.read('images', 'k.png'))?.toString()).toBe('new')
    await second.rollback()
    expect((await s.read('images', 'k.png'))?.toString()).toBe('old')
  })

  it('discards unpublished bytes and removes objects', async () => {
    const s = store()
    const staged = await s.stage('images', 'posts/u/c.png', Buffer.from('three'))
    await staged.rollback()
    expect(await s.read('images', 'posts/u/c.png')).toBeNull()
    const kept = await s.stage('images', 'posts/u/d.png', Buffer.from('four'))
    await kept.publish()
    await kept.finish()
    await s.remove('images', 'posts/u/d.png')
    expect(await s.read('images', 'posts/u/d.png')).toBeNull()
    if (kind === 'disk') {
      expect(existsSync(join(dir, 'images', 'posts'))).toBe(false)
      expect(existsSync(join(dir, 'images'))).toBe(true)
    }
  })
})

describe('objectFilePath', () => {
  it('stays inside the storage folder', () => {
    const root = '/srv/storage'
    expect(objectFilePath(root, 'images', 'posts/u/a b.png')).toBe(
      '/srv/storage/images/posts/u/a%20b.png'
    )
    expect(objectFilePath(root, 'images', '../../etc/passwd')).toBe(
      '/srv/storage/images/%2E%2E/%2E%2E/etc/passwd'
    )
    expect(objectFilePath(root, '..', 'x')).toBe('/srv/storage/%2E%2E/x')
  })
})
