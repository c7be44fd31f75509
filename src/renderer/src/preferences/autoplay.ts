// "Autoplay animated images" (Settings › Accessibility): whether animated photos play by
// themselves. Only the photos that may move ask (AnimatedPhoto), so this stays out of the entry.

import { useSyncExternalStore } from 'react'
import type { Preferences } from './preferences'
import { usePreferences } from './usePreferences'

/** "Same as system" is off while the system asks for reduced motion; a choice wins either way. */
export function appliedAutoplay(choice: Preferences['autoplay'], reducedMotion: boolean): boolean {
  return choice === 'system' ? !reducedMotion : choice === 'on'
}

const reducedMotionQuery = (): MediaQueryList | null =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null

function subscribeReducedMotion(onChange: () => void): () => void {
  const reduced = reducedMotionQuery()
  reduced?.addEventListener('change', onChange)
  return () => reduced?.removeEventListener('change', onChange)
}

const systemReducesMotion = (): boolean => reducedMotionQuery()?.matches ?? false

/** Whether animated photos play by themselves, following the choice and the system live. */
export function useAutoplayAnimations(): boolean {
  const choice = usePreferences((state) => state.autoplay)
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, systemReducesMotion)
  return appliedAutoplay(choice, reducedMotion)
}
