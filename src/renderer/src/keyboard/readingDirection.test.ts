import { afterEach, describe, expect, it } from 'vitest'
import { arrowStep, isRightToLeft, swipeStep, tabListIndex } from './readingDirection'

describe('reading direction', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('dir')
    document.body.innerHTML = ''
  })

  it('reads the nearest rtl or ltr, skipping dir="auto"', () => {
    document.body.innerHTML = '<div dir="auto"><span id="inside">x</span></div>'
    const inside = document.getElementById('inside')
    expect(isRightToLeft(inside)).toBe(false)
    document.documentElement.dir = 'rtl'
    expect(isRightToLeft(inside)).toBe(true)
    expect(isRightToLeft(null)).toBe(false)
  })

  it('mirrors the arrows, swipes and tab keys in right-to-left text', () => {
    expect([arrowStep('ArrowRight', false), arrowStep('ArrowLeft', false)]).toEqual([1, -1])
    expect([arrowStep('ArrowRight', true), arrowStep('ArrowLeft', true)]).toEqual([-1, 1])
    expect(arrowStep('ArrowUp', true)).toBeNull()
    expect([swipeStep(-80, false), swipeStep(80, false)]).toEqual([1, -1])
    expect([swipeStep(-80, true), swipeStep(80, true)]).toEqual([-1, 1])
    expect(tabListIndex('ArrowLeft', 0, 3, true)).toBe(1)
    expect(tabListIndex('ArrowLeft', 0, 3, false)).toBe(2)
    expect(tabListIndex('End', 0, 3, true)).toBe(2)
    expect(tabListIndex('Enter', 0, 3, true)).toBeNull()
  })
})
