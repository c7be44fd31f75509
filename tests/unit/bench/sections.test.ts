import { describe, expect, it } from 'vitest'
import { spliceSections } from '../../bench/sections'

const existing = [
  '# Performance',
  '',
  'Old preamble.',
  '',
  '## Feed queries',
  '',
  'old feed numbers',
  '',
  '## Direct messages',
  '',
  'written by bench:direct',
  '',
  '## Interaction speed',
  '',
  'old interactions',
  ''
].join('\n')

describe('spliceSections (the full bench run)', () => {
  it("replaces its own sections and the preamble, keeping the separate runs' sections", () => {
    const report = [
      '# Performance',
      '',
      'New preamble.',
      '',
      '## Feed queries',
      '',
      'new feed numbers',
      '',
      '## Interaction speed',
      '',
      'new interactions',
      '',
      '## Sharing a carousel',
      '',
      'new section',
      ''
    ].join('\n')
    const out = spliceSections(existing, report)
    expect(out).toContain('New preamble.')
    expect(out).not.toContain('Old preamble.')
    expect(out).toContain('new feed numbers')
    expect(out).not.toContain('old feed numbers')
    expect(out).toContain('written by bench:direct')
    expect(out).not.toContain('old interactions')
    // Order kept, a new section at the end.
    const order = ['## Feed queries', '## Direct messages', '## Interaction speed', '## Sharing']
    const at = order.map((heading) => out.indexOf(heading))
    expect(at).toEqual([...at].sort((a, b) => a - b))
    expect(at.every((index) => index >= 0)).toBe(true)
  })
})
