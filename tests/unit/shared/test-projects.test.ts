// The node, integration and jsdom projects share one process per worker between their files
// (vitest.config.mts): a file there that replaces a module with vi.mock would get the module
// already loaded by an earlier file, or leave its mock to the next. Every such file must be in
// the matching isolated project. In jsdom, so must a file that puts fake-indexeddb in the
// window (tests/support/isolated-files.ts says why).

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ISOLATED_INTEGRATION_FILES,
  ISOLATED_JSDOM_FILES,
  ISOLATED_UNIT_FILES
} from '../../support/isolated-files'

const ROOT = resolve(__dirname, '../../..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : []
  })
}

const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/

function mockingFiles(dirs: string[], needsOwnProcess = MOCKS_A_MODULE): string[] {
  return dirs
    .flatMap((dir) => testFiles(join(ROOT, dir)))
    .filter((file) => needsOwnProcess.test(readFileSync(join(ROOT, file), 'utf8')))
    .sort()
}

describe('the projects that share a process between files', () => {
  it('integration: every file that mocks a module runs in a process of its own', () => {
    const mocking = mockingFiles(['tests/integration'])
    expect(mocking.length).toBeGreaterThan(0)
    expect(mocking).toEqual([...ISOLATED_INTEGRATION_FILES].sort())
  })

  it('node: every file that mocks a module runs in a process of its own', () => {
    const mocking = mockingFiles([
      'tests/unit/shared',
      'tests/unit/main',
      'tests/unit/backend',
      'tests/unit/local',
      'tests/unit/bench'
    ])
    expect(mocking.length).toBeGreaterThan(0)
    expect(mocking).toEqual([...ISOLATED_UNIT_FILES].sort())
  })

  it('jsdom: every file that mocks a module or puts IndexedDB in the window runs alone', () => {
    const mocking = mockingFiles(
      ['src/renderer/src', 'tests/unit/renderer'],
      /\bvi\.(mock|doMock)\(|'fake-indexeddb\/auto'/
    )
    expect(mocking.length).toBeGreaterThan(0)
    expect(mocking).toEqual([...ISOLATED_JSDOM_FILES].sort())
  })
})
