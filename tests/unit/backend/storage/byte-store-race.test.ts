// A removal that empties a folder tidies the folder away; a publish into that folder at the same
// moment must still land (it made the folder just before, and it is gone at its rename).
import { mkdtemp, readFile, rm, rmdir } from 'node:fs/promises'
import * as fs from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createByteStore, objectFilePath } from '../../../../src/backend/storage/byte-store'

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, rename: vi.fn(actual.rename) }
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bytes-race-'))
})
afterEach(async () => {
  vi.mocked(fs.rename).mockReset()
  await rm(dir, { recursive: true, force: true })
})

it('publishes into a folder a removal tidied away between its mkdir and its rename', async () => {
  const actual = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')
  const final = objectFilePath(dir, 'images', 'posts/u/a.png')
  vi.mocked(fs.rename).mockImplementation(async (from, to) => {
    // The publish's rename into place: the folder goes just before it, as a removal would take it.
    if (
      to === final &&
      vi.mocked(fs.rename).mock.calls.filter(([, t]) => t === final).length === 1
    ) {
      await rmdir(dirname(final))
    }
    return actual.rename(from, to)
  })
  const store = createByteStore(dir)
  const staged = await store.stage('images', 'posts/u/a.png', Buffer.from('one'))
  await staged.publish()
  await staged.finish()
  expect((await readFile(final)).toString()).toBe('one')
})
