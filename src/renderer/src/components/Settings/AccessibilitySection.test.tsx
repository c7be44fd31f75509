import { act, render, renderHook, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { preferencesStore } from '../../preferences/usePreferences'
import { AccessibilitySection } from './AccessibilitySection'

/** A system whose reduced-motion setting the test can flip, telling listeners as a browser does. */
function systemMotion(reduced: boolean): { set(reduced: boolean): void } {
  const listeners = new Set<() => void>()
  const list = {
    get matches() {
      return reduced
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener)
  }
  vi.stubGlobal('matchMedia', (media: string) =>
    media === '(prefers-reduced-motion: reduce)' ? list : { ...list, matches: false }
  )
  return {
    set(next) {
      reduced = next
      listeners.forEach((listener) => listener())
    }
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  preferencesStore.getState().set('autoplay', 'system')
})

describe('Autoplay animated images', () => {
  it('follows the system by default: off while it asks for reduced motion, live', () => {
    const system = systemMotion(true)
    const { result } = renderHook(() => useAutoplayAnimations())
    expect(result.current).toBe(false)
    act(() => system.set(false))
    expect(result.current).toBe(true)
  })

  it('a choice in Settings › Accessibility overrides the system and is kept', async () => {
    systemMotion(true)
    const { result } = renderHook(() => useAutoplayAnimations())
    render(<AccessibilitySection />)
    const select = screen.getByRole('combobox', { name: 'Autoplay animated images' })
    expect(select).toHaveValue('system')

    await userEvent.selectOptions(select, 'On')
    expect(result.current).toBe(true)
    expect(JSON.parse(localStorage.getItem('instaframe:preferences')!)).toMatchObject({
      autoplay: 'on'
    })

    systemMotion(false)
    await userEvent.selectOptions(select, 'Off')
    expect(result.current).toBe(false)
  })
})
