// The keyboard shortcuts, as data: which keys do what. One list feeds the key handler, the
// shortcuts sheet and the tests (no two shortcuts share keys, and no shortcut is the start of
// another, or the longer one could never be typed). Only actions the app has are listed.

import type { AppCommand } from '@shared/bridge-contract'

/** What a shortcut or a menu command does; menu commands and keys share one set of handlers. */
export type AppAction =
  | AppCommand
  | 'focus-search'
  | 'next-post'
  | 'previous-post'
  | 'like-post'
  | 'comment-post'
  | 'save-post'
  | 'open-post'
  | 'go-direct'
  | 'go-explore'
  | 'go-reels'

export interface Shortcut {
  /** Keys pressed one after another; `Mod+k` is Ctrl+K, or Cmd+K on macOS. */
  keys: readonly string[]
  action: AppAction
  description: string
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['j'], action: 'next-post', description: 'Next post' },
  { keys: ['ArrowDown'], action: 'next-post', description: 'Next post' },
  { keys: ['k'], action: 'previous-post', description: 'Previous post' },
  { keys: ['ArrowUp'], action: 'previous-post', description: 'Previous post' },
  { keys: ['l'], action: 'like-post', description: 'Like or unlike the focused post' },
  { keys: ['c'], action: 'comment-post', description: 'Comment on the focused post' },
  { keys: ['s'], action: 'save-post', description: 'Save or unsave the focused post' },
  { keys: ['Enter'], action: 'open-post', description: 'Open the focused post' },
  { keys: ['n'], action: 'new-post', description: 'New post' },
  { keys: ['/'], action: 'focus-search', description: 'Search' },
  { keys: ['Mod+k'], action: 'focus-search', description: 'Search' },
  { keys: ['g', 'h'], action: 'go-home', description: 'Go to Home' },
  { keys: ['g', 'p'], action: 'go-profile', description: 'Go to your profile' },
  { keys: ['g', 'e'], action: 'go-explore', description: 'Go to Explore' },
  { keys: ['g', 'r'], action: 'go-reels', description: 'Go to Reels' },
  { keys: ['g', 'a'], action: 'go-activity', description: 'Show your activity' },
  { keys: ['Mod+,'], action: 'open-settings', description: 'Settings' },
  { keys: ['g', 'd'], action: 'go-direct', description: 'Go to your messages' },
  { keys: ['?'], action: 'show-shortcuts', description: 'Show keyboard shortcuts' }
]

/** How long the second key of a sequence (g then h) may take. */
export const SEQUENCE_TIMEOUT_MS = 1_000

export interface KeyLike {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: EventTarget | null
}

/**
 * Whether the key press is someone typing: in a text field, a select or editable content, no
 * shortcut fires, so "n" stays a letter in a caption.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  const element = target as HTMLElement
  if (element.isContentEditable) return true
  return (
    element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !==
    null
  )
}

/** Keys that are named rather than typed, and that a shortcut uses. */
const NAMED_KEYS: ReadonlySet<string> = new Set(['ArrowDown', 'ArrowUp', 'Enter'])

/**
 * Back and Forward follow each platform's browser keys (Alt+←/→; Cmd+[ and Cmd+] on macOS), so
 * they are not in the plain-key list above: Alt chords are refused there, and Cmd+[ keeps
 * working while typing, as in a browser. HistoryNav handles them with `historyKeyAction`; this
 * list is what the shortcuts sheet shows.
 */
export const HISTORY_SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Alt+ArrowLeft'], action: 'go-back', description: 'Back' },
  { keys: ['Mod+['], action: 'go-back', description: 'Back' },
  { keys: ['Alt+ArrowRight'], action: 'go-forward', description: 'Forward' },
  { keys: ['Mod+]'], action: 'go-forward', description: 'Forward' }
]

/**
 * Back or Forward for a key press, or null. Alt+arrows move the caret by word in a text field,
 * so there they stay the field's; Cmd+[ and Cmd+] have no meaning in a field and work anywhere.
 */
export function historyKeyAction(event: KeyLike): 'go-back' | 'go-forward' | null {
  if (event.altKey && !event.ctrlKey && !event.metaKey && !isTypingTarget(event.target)) {
    if (event.key === 'ArrowLeft') return 'go-back'
    if (event.key === 'ArrowRight') return 'go-forward'
  }
  if (event.metaKey && !event.altKey && !event.ctrlKey) {
    if (event.key === '[') return 'go-back'
    if (event.key === ']') return 'go-forward'
  }
  return null
}

/** Widgets that move their own selection with the arrow keys keep them and Enter (a menu, tabs…). */
export function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  return (
    (target as Element).closest(
      '[role="menu"], [role="menubar"], [role="listbox"], [role="tablist"], [role="radiogroup"], [role="slider"]'
    ) !== null
  )
}

/** The key as the shortcut list writes it, or null for keys no shortcut uses (Alt chords). */
export function keyName(event: KeyLike): string | null {
  if (event.altKey) return null
  if (event.ctrlKey || event.metaKey)
    return event.key.length === 1 ? `Mod+${event.key.toLowerCase()}` : null
  if (NAMED_KEYS.has(event.key)) return event.key
  // Shift is already in the character ("?" is Shift+/), so it is not named separately.
  return event.key.length === 1 ? event.key : null
}

export interface ShortcutMatcher {
  /** The action the key completes, or null (including when it starts a sequence). */
  press(event: KeyLike, now: number): AppAction | null
}

export function createShortcutMatcher(shortcuts: readonly Shortcut[] = SHORTCUTS): ShortcutMatcher {
  let pending: string[] = []
  let pendingAt = 0
  return {
    press(event, now) {
      const key = keyName(event)
      const ownedKey = key !== null && NAMED_KEYS.has(key) && ownsArrowKeys(event.target)
      if (key === null || isTypingTarget(event.target) || ownedKey) {
        pending = []
        return null
      }
      const prefix = pending.length > 0 && now - pendingAt <= SEQUENCE_TIMEOUT_MS ? pending : []
      for (const typed of [[...prefix, key], [key]]) {
        const exact = shortcuts.find((shortcut) => sameKeys(shortcut.keys, typed))
        if (exact) {
          pending = []
          return exact.action
        }
        if (shortcuts.some((shortcut) => startsWith(shortcut.keys, typed))) {
          pending = typed
          pendingAt = now
          return null
        }
      }
      pending = []
      return null
    }
  }
}

const sameKeys = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((key, index) => key === b[index])

const startsWith = (keys: readonly string[], prefix: readonly string[]): boolean =>
  keys.length > prefix.length && prefix.every((key, index) => keys[index] === key)

const ARROWS: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→'
}

/** How a key is shown in the sheet: Mod is ⌘ on macOS and Ctrl elsewhere, Alt is ⌥ on macOS. */
export function displayKey(key: string, isMac: boolean): string {
  if (ARROWS[key]) return ARROWS[key]
  const alt = /^Alt\+(.+)$/.exec(key)
  if (alt) return `${isMac ? '⌥' : 'Alt+'}${displayKey(alt[1], isMac)}`
  const chord = /^Mod\+(.)$/.exec(key)
  if (!chord) return key
  return `${isMac ? '⌘' : 'Ctrl+'}${chord[1].toUpperCase()}`
}

/** The history keys this platform has: Cmd+[ and Cmd+] are macOS only. */
export function historyShortcutsFor(isMac: boolean): readonly Shortcut[] {
  return HISTORY_SHORTCUTS.filter((shortcut) => isMac || !shortcut.keys[0].startsWith('Mod+'))
}
