// The node and integration projects share one process per worker between their files
// (vitest.config.mts): a file there that replaces a module with vi.mock would get the module
// already loaded by an earlier file, or leave its mock to the next. Every such file must be in
// the matching isolated project.

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED_INTEGRATION_FILES, ISOLATED_UNIT_FILES } from '../../support/isolated-files'

const ROOT = resolve(__dirname, '../../..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : []
  })
}

function mockingFiles(dirs: string[]): string[] {
  return dirs
    .flatMap((dir) => testFiles(join(ROOT, dir)))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, file), 'utf8')))
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
})
