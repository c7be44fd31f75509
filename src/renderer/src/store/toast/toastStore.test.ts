import { afterEach, describe, expect, it, vi } from 'vitest'
import { createToastStore } from './toastStore'

afterEach(() => vi.useRealTimers())

describe('toast store', () => {
  it('shows a message that goes by itself, the newest one counting from its own start', () => {
    vi.useFakeTimers()
    const toast = createToastStore(1000)
    toast.getState().show('Link copied')
    vi.advanceTimersByTime(600)
    toast.getState().show('Saved')
    vi.advanceTimersByTime(600)
    expect(toast.getState().message).toBe('Saved')
    vi.advanceTimersByTime(400)
    expect(toast.getState().message).toBeNull()
  })

  it('dismisses at once', () => {
    const toast = createToastStore()
    toast.getState().show('Link copied')
    toast.getState().dismiss()
    expect(toast.getState().message).toBeNull()
  })
})
