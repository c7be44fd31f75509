// The theme the user picked in View › Theme, remembered between runs and applied through
// nativeTheme.themeSource, which also drives the page's prefers-color-scheme (the renderer's
// styles follow it). The window's own background matches the page's, so a dark-mode start
// never flashes white before the page paints.

import type { KeyValueStore } from '../session/secret-storage'

export const THEME_SOURCES = ['system', 'light', 'dark'] as const
export type ThemeSource = (typeof THEME_SOURCES)[number]

const THEME_KEY = 'theme'

/** The page's --color-bg in each theme (src/renderer/src/styles/_tokens.scss). */
export const WINDOW_BACKGROUND = { light: '#fafafa', dark: '#000000' } as const

export interface NativeThemeLike {
  themeSource: ThemeSource
  readonly shouldUseDarkColors: boolean
}

export function isThemeSource(value: unknown): value is ThemeSource {
  return typeof value === 'string' && (THEME_SOURCES as readonly string[]).includes(value)
}

/** The remembered theme; a missing or hand-edited value means following the system. */
export function storedThemeSource(store: KeyValueStore): ThemeSource {
  const value = store.get(THEME_KEY)
  return isThemeSource(value) ? value : 'system'
}

export function setThemeSource(
  nativeTheme: NativeThemeLike,
  store: KeyValueStore,
  source: ThemeSource
): void {
  store.set(THEME_KEY, source)
  nativeTheme.themeSource = source
}

export function windowBackground(
  nativeTheme: Pick<NativeThemeLike, 'shouldUseDarkColors'>
): string {
  return nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light
}
