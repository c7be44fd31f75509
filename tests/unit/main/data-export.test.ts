// data:export in main: the path comes from the native save dialog only, a cancel writes
// nothing, the file gets its .zip, and a failure part-way leaves no half archive behind.

import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import {
  openArchiveFile,
  registerDataExportIpc,
  withZipExtension,
  type DataExportDeps
} from '../../../src/main/ipc/data-export'
import { createHandle } from '../../../src/main/ipc/handle'
import { MESSAGES } from '../../../src/shared/messages'
import { FakeIpcMain, fakeWindow, silentLogger } from './fakes'

function deps(overrides: Partial<DataExportDeps> = {}): DataExportDeps {
  return {
    showSaveDialog: vi.fn(async () => ({ canceled: true })),
    createFile: vi.fn(openArchiveFile),
    removeFile: vi.fn(async () => undefined),
    // Every read fails: enough to prove what happens to a file being written.
    client: () =>
      ({
        from: () => {
          throw new Error('backend went away')
        }
      }) as unknown as SupabaseClient,
    currentUser: () => ({ id: 'u1', username: 'jane' }),
    now: () => new Date('2026-11-26T10:00:00Z'),
    ...overrides
  }
}

function served(given: DataExportDeps): (sender?: unknown) => Promise<unknown> {
  const ipc = new FakeIpcMain()
  const win = fakeWindow()
  registerDataExportIpc(
    createHandle({ ipcMain: ipc, log: silentLogger(), policy: win.policy }),
    given
  )
  return (sender) => ipc.invoke('data:export', win.event(undefined, sender ?? win.contents))
}

describe('data:export', () => {
  it('offers a dated file name and writes nothing when the dialog is cancelled', async () => {
    const given = deps()
    await expect(served(given)()).resolves.toEqual({ ok: true, value: null })
    expect(given.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: 'instaframe-jane-2026-11-26.zip' })
    )
    expect(given.createFile).not.toHaveBeenCalled()
  })

  it('refuses when signed out, before any dialog', async () => {
    const given = deps({ currentUser: () => null })
    await expect(served(given)()).resolves.toEqual({ ok: false, message: MESSAGES.exportSignedOut })
    expect(given.showSaveDialog).not.toHaveBeenCalled()
  })

  it('removes the half-written file when the export fails, and says why', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'export-'))
    const given = deps({
      showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: join(folder, 'mine') })),
      removeFile: vi.fn(async (path: string) => {
        await import('node:fs/promises').then((fs) => fs.rm(path))
      })
    })
    await expect(served(given)()).resolves.toEqual({ ok: false, message: 'backend went away' })
    expect(given.createFile).toHaveBeenCalledWith(join(folder, 'mine.zip'))
    expect(await readdir(folder)).toEqual([])
  })

  it('adds .zip only when the name lacks it', () => {
    expect(withZipExtension('/tmp/a')).toBe('/tmp/a.zip')
    expect(withZipExtension('/tmp/a.ZIP')).toBe('/tmp/a.ZIP')
  })

  it('an archive file receives every chunk in order', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'export-')), 'a.zip')
    const file = await openArchiveFile(path)
    await file.write(new Uint8Array([1, 2]))
    await file.write(new Uint8Array([3]))
    await file.close()
    expect([...(await readFile(path))]).toEqual([1, 2, 3])
  })
})
