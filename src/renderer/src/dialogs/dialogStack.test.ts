import { describe, expect, it } from 'vitest'
import { createDialogStack } from './dialogStack'

describe('dialog stack', () => {
  it('puts the last dialog opened from the page on top', () => {
    const stack = createDialogStack()
    const post = stack.getState().open(1)
    expect(stack.getState().isTop(post)).toBe(true)
    const photo = stack.getState().open(1)
    expect(stack.getState().isTop(post)).toBe(false)
    expect(stack.getState().isTop(photo)).toBe(true)
    stack.getState().close(photo)
    expect(stack.getState().isTop(post)).toBe(true)
  })

  it('keeps a dialog opened inside another above it, whichever registered first', () => {
    const stack = createDialogStack()
    const confirm = stack.getState().open(2)
    const post = stack.getState().open(1)
    expect(stack.getState().entries.map((entry) => entry.layer)).toEqual([post, confirm])
    expect(stack.getState().isTop(confirm)).toBe(true)
    stack.getState().close(confirm)
    expect(stack.getState().isTop(post)).toBe(true)
  })

  it('takes out a dialog that closes below the top, leaving the top where it is', () => {
    const stack = createDialogStack()
    const panel = stack.getState().open(1)
    const post = stack.getState().open(1)
    const report = stack.getState().open(2)
    stack.getState().close(post)
    expect(stack.getState().entries.map((entry) => entry.layer)).toEqual([panel, report])
    expect(stack.getState().isTop(report)).toBe(true)
  })
})
