import { describe, expect, it } from 'vitest'
import { APP_COMMANDS } from '@shared/bridge-contract'
import {
  HISTORY_SHORTCUTS,
  SEQUENCE_TIMEOUT_MS,
  SHORTCUTS,
  createShortcutMatcher,
  displayKey,
  historyKeyAction,
  historyShortcutsFor,
  isTypingTarget,
  type KeyLike
} from './shortcuts'

function key(name: string, overrides: Partial<KeyLike> = {}): KeyLike {
  return {
    key: name,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: document.body,
    ...overrides
  }
}

describe('the shortcut map', () => {
  it('has no two shortcuts on the same keys, and none that is the start of another', () => {
    const sequences = SHORTCUTS.map((shortcut) => shortcut.keys.join(' '))
    expect(new Set(sequences).size).toBe(sequences.length)
    for (const a of SHORTCUTS) {
      for (const b of SHORTCUTS) {
        if (a === b) continue
        const prefix = b.keys.slice(0, a.keys.length).join(' ')
        expect(
          b.keys.length > a.keys.length && prefix === a.keys.join(' '),
          `${a.keys} / ${b.keys}`
        ).toBe(false)
      }
    }
  })

  it('reaches every menu command from the keyboard, Back and Forward with the history keys', () => {
    const actions = new Set([...SHORTCUTS, ...HISTORY_SHORTCUTS].map((shortcut) => shortcut.action))
    for (const command of APP_COMMANDS) expect(actions.has(command), command).toBe(true)
  })

  it('has the history keys clash with no plain shortcut', () => {
    const plain = new Set(SHORTCUTS.map((shortcut) => shortcut.keys.join(' ')))
    for (const shortcut of HISTORY_SHORTCUTS) expect(plain.has(shortcut.keys.join(' '))).toBe(false)
  })
})

describe('createShortcutMatcher', () => {
  it('runs single keys, Ctrl/Cmd chords and two-key sequences', () => {
    const matcher = createShortcutMatcher()
    expect(matcher.press(key('n'), 0)).toBe('new-post')
    expect(matcher.press(key('?'), 0)).toBe('show-shortcuts')
    expect(matcher.press(key('k', { ctrlKey: true }), 0)).toBe('focus-search')
    expect(matcher.press(key('K', { metaKey: true }), 0)).toBe('focus-search')
    expect(matcher.press(key(',', { ctrlKey: true }), 0)).toBe('open-settings')
    expect(matcher.press(key(',', { metaKey: true }), 0)).toBe('open-settings')
    expect(matcher.press(key('g'), 0)).toBeNull()
    expect(matcher.press(key('h'), 100)).toBe('go-home')
    expect(matcher.press(key('g'), 200)).toBeNull()
    expect(matcher.press(key('p'), 300)).toBe('go-profile')
  })

  it('forgets the first key of a sequence after a pause, or when another key comes between', () => {
    const matcher = createShortcutMatcher()
    matcher.press(key('g'), 0)
    expect(matcher.press(key('h'), SEQUENCE_TIMEOUT_MS + 1)).toBeNull()
    matcher.press(key('g'), 5_000)
    matcher.press(key('x'), 5_010)
    expect(matcher.press(key('h'), 5_020)).toBeNull()
  })

  it('ignores Alt chords and named keys, and plain letters that are no shortcut', () => {
    const matcher = createShortcutMatcher()
    expect(matcher.press(key('n', { altKey: true }), 0)).toBeNull()
    expect(matcher.press(key('Escape'), 0)).toBeNull()
    expect(matcher.press(key('Enter', { altKey: true }), 0)).toBeNull()
    expect(matcher.press(key('ArrowDown', { ctrlKey: true }), 0)).toBeNull()
    expect(matcher.press(key('z'), 0)).toBeNull()
  })

  it('j/k and ↓/↑ move between posts and l likes, but arrows stay with menus and tabs', () => {
    const matcher = createShortcutMatcher()
    expect(matcher.press(key('j'), 0)).toBe('next-post')
    expect(matcher.press(key('ArrowDown'), 0)).toBe('next-post')
    expect(matcher.press(key('k'), 0)).toBe('previous-post')
    expect(matcher.press(key('ArrowUp'), 0)).toBe('previous-post')
    expect(matcher.press(key('l'), 0)).toBe('like-post')
    expect(matcher.press(key('c'), 0)).toBe('comment-post')
    expect(matcher.press(key('s'), 0)).toBe('save-post')
    expect(matcher.press(key('Enter'), 0)).toBe('open-post')
    const menu = document.createElement('div')
    menu.setAttribute('role', 'menu')
    const item = document.createElement('button')
    menu.append(item)
    expect(matcher.press(key('ArrowDown', { target: item }), 0)).toBeNull()
    expect(matcher.press(key('Enter', { target: item }), 0)).toBeNull()
    expect(matcher.press(key('j', { target: item }), 0)).toBe('next-post')
  })

  it.each([
    ['an input', () => document.createElement('input')],
    ['a textarea', () => document.createElement('textarea')],
    ['a select', () => document.createElement('select')],
    [
      'text inside contenteditable',
      () => {
        const editor = document.createElement('div')
        editor.setAttribute('contenteditable', 'true')
        const inner = document.createElement('span')
        editor.append(inner)
        return inner
      }
    ]
  ])('never fires while typing in %s', (_name, make) => {
    const target = make()
    // The field itself, or the editable element around the text.
    const root = target.parentElement ?? target
    document.body.append(root)
    expect(isTypingTarget(target)).toBe(true)
    const matcher = createShortcutMatcher()
    for (const name of ['n', '/', '?', 'j', 'l', 'c', 's', 'Enter'])
      expect(matcher.press(key(name, { target }), 0), name).toBeNull()
    expect(matcher.press(key('k', { ctrlKey: true, target }), 0)).toBeNull()
    matcher.press(key('g'), 0)
    expect(matcher.press(key('h', { target }), 10)).toBeNull()
    matcher.press(key('g'), 20)
    expect(matcher.press(key('a', { target }), 30)).toBeNull()
    root.remove()
  })

  it('does fire on buttons and links, which take no text', () => {
    const button = document.createElement('button')
    expect(isTypingTarget(button)).toBe(false)
    expect(createShortcutMatcher().press(key('n', { target: button }), 0)).toBe('new-post')
  })
})

describe('history keys', () => {
  it('Alt+←/→ go back and forward, except in a text field where they move the caret', () => {
    expect(historyKeyAction(key('ArrowLeft', { altKey: true }))).toBe('go-back')
    expect(historyKeyAction(key('ArrowRight', { altKey: true }))).toBe('go-forward')
    const input = document.createElement('input')
    expect(historyKeyAction(key('ArrowLeft', { altKey: true, target: input }))).toBeNull()
    expect(historyKeyAction(key('ArrowLeft'))).toBeNull()
    expect(historyKeyAction(key('ArrowLeft', { altKey: true, ctrlKey: true }))).toBeNull()
  })

  it('Cmd+[ and Cmd+] go back and forward, in a field too; Ctrl+[ does nothing', () => {
    const input = document.createElement('input')
    expect(historyKeyAction(key('[', { metaKey: true, target: input }))).toBe('go-back')
    expect(historyKeyAction(key(']', { metaKey: true }))).toBe('go-forward')
    expect(historyKeyAction(key('[', { ctrlKey: true }))).toBeNull()
  })

  it('lists Cmd+[ and Cmd+] in the sheet on macOS only', () => {
    const keys = (isMac: boolean): string[] =>
      historyShortcutsFor(isMac).map((shortcut) => shortcut.keys.join(' '))
    expect(keys(true)).toEqual(['Alt+ArrowLeft', 'Mod+[', 'Alt+ArrowRight', 'Mod+]'])
    expect(keys(false)).toEqual(['Alt+ArrowLeft', 'Alt+ArrowRight'])
  })
})

describe('displayKey', () => {
  it('shows Mod as ⌘ on macOS and Ctrl elsewhere', () => {
    expect(displayKey('Mod+k', true)).toBe('⌘K')
    expect(displayKey('Mod+k', false)).toBe('Ctrl+K')
    expect(displayKey('g', false)).toBe('g')
    expect(displayKey('ArrowDown', false)).toBe('↓')
    expect(displayKey('Alt+ArrowLeft', false)).toBe('Alt+←')
    expect(displayKey('Alt+ArrowLeft', true)).toBe('⌥←')
    expect(displayKey('Mod+[', true)).toBe('⌘[')
  })
})
