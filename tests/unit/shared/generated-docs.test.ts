// The limits table, the IPC channels and the data modules in docs/ are written from the code by
// `npm run docs` (scripts/lib/generated-docs.ts). A new constant, channel or module, or a changed
// comment, without a rerun fails here.

import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docsWithBlocks, GENERATED_BLOCKS, regenerate } from '../../../scripts/lib/generated-docs'

const docs = docsWithBlocks()

describe('the generated parts of docs/', () => {
  it('are all in some doc', () => {
    expect(docs.flatMap((doc) => doc.blocks).sort()).toEqual([...GENERATED_BLOCKS].sort())
  })

  it.each(docs.map((doc) => [relative(process.cwd(), doc.path), doc.path]))(
    '%s is what the code says',
    async (name, path) => {
      const current = readFileSync(path, 'utf8')
      expect(await regenerate(current, path), `${name} is stale: run \`npm run docs\``).toBe(
        current
      )
    }
  )

  it('are rewritten from the code, whatever they held', async () => {
    const { path } = docs[0]
    const current = readFileSync(path, 'utf8')
    const emptied = current.replace(
      /(<!-- generated:([\w-]+)[^>]*-->\n)[\s\S]*?(<!-- \/generated:\2 -->)/g,
      '$1stale text\n$3'
    )
    expect(emptied).not.toBe(current)
    expect(await regenerate(emptied, path)).toBe(current)
  })

  it('refuses a block it does not know', async () => {
    await expect(
      regenerate('<!-- generated:nothing -->\n<!-- /generated:nothing -->\n', 'example.md')
    ).rejects.toThrow('unknown generated block "nothing"')
  })
})
