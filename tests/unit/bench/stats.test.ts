import { describe, expect, it } from 'vitest'
import { percentile, timePaired } from '../../bench/stats'

describe('timePaired', () => {
  it('runs each pair back to back, taking turns at going first', async () => {
    const order: string[] = []
    await timePaired(
      async () => void order.push('a'),
      async () => void order.push('b'),
      4,
      0
    )
    expect(order.join('')).toBe('abbaabba')
  })

  it('reports the median of the per-pair ratios', async () => {
    const wait = (ms: number) => new Promise((done) => setTimeout(done, ms))
    const { a, b, ratio } = await timePaired(
      () => wait(1),
      () => wait(40),
      9,
      1
    )
    expect(a.runs).toBe(9)
    expect(b.p50).toBeGreaterThan(a.p50)
    // 40 ms against about 1 ms: far above 1 whatever the machine's load.
    expect(ratio).toBeGreaterThan(3)
  })
})

describe('percentile', () => {
  it('picks the nearest rank', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2)
    expect(percentile([1, 2, 3, 4], 95)).toBe(4)
    expect(percentile([], 50)).toBeNaN()
  })
})
