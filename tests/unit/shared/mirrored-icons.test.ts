// Icons that point along the reading direction (back, forward, earlier, later) turn around in a
// right-to-left language through the `rtl-mirror` class (src/renderer/src/styles/global.scss).
// Checked on the tree, so a new arrow cannot forget it.

import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../../../scripts/lib/import-graph'

const root = resolve(__dirname, '../../..')
const renderer = resolve(root, 'src/renderer/src')
const HORIZONTAL_ICON = /<(ArrowLeft|ArrowRight|ChevronLeft|ChevronRight)\b[^>]*>/g

describe('icons that point left or right', () => {
  it('turn around in right-to-left text', () => {
    const unmirrored: string[] = []
    for (const file of sourceFiles(renderer)) {
      if (!file.endsWith('.tsx') || file.includes('.test.')) continue
      for (const match of readFileSync(file, 'utf8').matchAll(HORIZONTAL_ICON)) {
        if (!match[0].includes('rtl-mirror'))
          unmirrored.push(`${relative(root, file)}: ${match[0]}`)
      }
    }
    expect(unmirrored).toEqual([])
  })
})
