// Docs a newcomer reads in ten minutes: the README and the two main documents stay short, and
// they describe the present (history lives in git, so no issue numbers). When one grows past its
// limit, condense what is near the new text rather than raising the limit.

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const LIMITS: Record<string, number> = {
  'README.md': 120,
  'docs/product.md': 400,
  'docs/architecture.md': 400
}

const linesOf = (file: string): string[] =>
  readFileSync(resolve(ROOT, file), 'utf8').replace(/\n$/, '').split('\n')

describe('the docs a newcomer reads first', () => {
  for (const [file, limit] of Object.entries(LIMITS)) {
    it(`${file} has at most ${limit} lines and cites no issue numbers`, () => {
      const lines = linesOf(file)
      expect(lines.length).toBeLessThanOrEqual(limit)
      const citations = lines.filter((line) => /(^|[\s(])#\d{2,}\b|\bissue \d+/i.test(line))
      expect(citations).toEqual([])
    })
  }
})
