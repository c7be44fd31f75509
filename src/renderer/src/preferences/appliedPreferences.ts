// Turns the preferences and the system's settings into what the page uses: data attributes on
// <html> that the global styles read (data-motion, data-contrast, data-text-size), and a
// question code can ask before it animates.

import type { Preferences } from './preferences'

export interface SystemSettings {
  reducedMotion: boolean
  moreContrast: boolean
}

export interface Applied {
  motion: 'reduce' | 'full'
  contrast: 'more' | 'standard'
  textSize: Preferences['textSize']
}

export function appliedPreferences(choices: Preferences, system: SystemSettings): Applied {
  return {
    motion:
      choices.motion === 'system' ? (system.reducedMotion ? 'reduce' : 'full') : choices.motion,
    contrast:
      choices.contrast === 'system'
        ? system.moreContrast
          ? 'more'
          : 'standard'
        : choices.contrast,
    textSize: choices.textSize
  }
}

export function applyToDocument(applied: Applied, root: HTMLElement): void {
  root.dataset.motion = applied.motion
  root.dataset.contrast = applied.contrast
  root.dataset.textSize = applied.textSize
}

/** True when motion should be kept to a minimum: heart bursts, smooth scrolls and story
 * auto-advance ask this before they move anything. */
export function motionReduced(
  root: HTMLElement | null = globalThis.document?.documentElement
): boolean {
  if (root?.dataset.motion) return root.dataset.motion === 'reduce'
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

/** `scrollTo`'s behaviour that respects reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  return motionReduced() ? 'auto' : 'smooth'
}
