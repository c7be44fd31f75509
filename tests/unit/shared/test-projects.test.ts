// The integration project shares one process per worker between its files (vitest.config.mts):
// a file there that replaces a module with vi.mock would get the module already loaded by an
// earlier file, or leave its mock to the next. Every such file must be in the isolated project.

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED_INTEGRATION_FILES } from '../../support/isolated-files'

const ROOT = resolve(__dirname, '../../..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : []
  })
}

describe('the integration projects', () => {
  const files = testFiles(join(ROOT, 'tests/integration'))

  it('run every file that mocks a module in a process of its own', () => {
    const mocking = files.filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(join(ROOT, file), 'utf8'))
    )
    expect(mocking.length).toBeGreaterThan(0)
    expect([...mocking].sort()).toEqual([...ISOLATED_INTEGRATION_FILES].sort())
  })
})
