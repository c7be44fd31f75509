// The pure parts of the REST limits: max_rows from supabase/config.toml, embed depth, and the
// row cap each level gets.

import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cappedLimit, embedDepth, readMaxRows } from '../../../../src/backend/rest/limits'
import { parseSelect } from '../../../../src/backend/rest/parse-query'

describe('readMaxRows', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'max-rows-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const write = async (text: string): Promise<string> => {
    const file = join(dir, `config-${Math.random().toString(36).slice(2)}.toml`)
    await writeFile(file, text)
    return file
  }

  it("reads the project's own supabase/config.toml (1000)", async () => {
    expect(await readMaxRows(resolve(__dirname, '../../../../supabase/config.toml'), 7)).toBe(1000)
  })

  it('reads max_rows only from the [api] table', async () => {
    const file = await write('[db]\nmax_rows = 3\n\n[api]\nport = 1\nmax_rows = 250 # comment\n')
    expect(await readMaxRows(file, 1000)).toBe(250)
  })

  it('falls back when the file, the key or a sane value is missing', async () => {
    expect(await readMaxRows(join(dir, 'missing.toml'), 1000)).toBe(1000)
    expect(await readMaxRows(await write('[api]\nport = 1\n'), 1000)).toBe(1000)
    expect(await readMaxRows(await write('[api]\nmax_rows = 0\n'), 1000)).toBe(1000)
  })
})

describe('embedDepth and cappedLimit', () => {
  it('counts how deep embeds nest', () => {
    expect(embedDepth(parseSelect('*'))).toBe(0)
    expect(embedDepth(parseSelect('*,profiles(username)'))).toBe(1)
    expect(embedDepth(parseSelect('id,a(id,b(id)),c(id)'))).toBe(2)
    expect(embedDepth(parseSelect('id,a(b(c(d(e(*)))))'))).toBe(5)
  })

  it('caps a level at max rows whether or not the request asked for a limit', () => {
    expect(cappedLimit(undefined, 1000)).toBe(1000)
    expect(cappedLimit(12, 1000)).toBe(12)
    expect(cappedLimit(5000, 1000)).toBe(1000)
  })
})
