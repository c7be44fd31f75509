import { describe, expect, it } from 'vitest'
import { appliedPreferences, applyToDocument, motionReduced } from './appliedPreferences'
import { appliedAutoplay } from './autoplay'
import { createPreferencesStore, DEFAULT_PREFERENCES, readPreferences } from './preferences'

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial))
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value)
  }
}

describe('preferences', () => {
  it('keeps only known choices from what was saved', () => {
    expect(readPreferences(null)).toEqual(DEFAULT_PREFERENCES)
    expect(readPreferences('{not json')).toEqual(DEFAULT_PREFERENCES)
    expect(
      readPreferences(JSON.stringify({ motion: 'reduce', contrast: 'loud', extra: 1 }))
    ).toEqual({ ...DEFAULT_PREFERENCES, motion: 'reduce' })
  })

  it('a choice is kept for the next start', () => {
    const storage = memoryStorage()
    createPreferencesStore(storage).getState().set('textSize', 'larger')
    const again = createPreferencesStore(storage).getState()
    expect(again.textSize).toBe('larger')
    expect(again.altTextReminder).toBe(true)
  })

  it('works without storage', () => {
    const store = createPreferencesStore(null)
    store.getState().set('altTextReminder', false)
    expect(store.getState().altTextReminder).toBe(false)
  })
})

describe('applied preferences', () => {
  const system = { reducedMotion: true, moreContrast: false }

  it('"Same as system" follows the system; a choice overrides it', () => {
    expect(appliedPreferences(DEFAULT_PREFERENCES, system)).toEqual({
      motion: 'reduce',
      contrast: 'standard',
      textSize: 'default'
    })
    expect(
      appliedPreferences({ ...DEFAULT_PREFERENCES, motion: 'full', contrast: 'more' }, system)
    ).toMatchObject({ motion: 'full', contrast: 'more' })
  })

  it('sets the attributes the styles read, which motionReduced answers from', () => {
    const root = document.createElement('html')
    applyToDocument(appliedPreferences({ ...DEFAULT_PREFERENCES, textSize: 'large' }, system), root)
    expect(root.dataset).toMatchObject({
      motion: 'reduce',
      contrast: 'standard',
      textSize: 'large'
    })
    expect(motionReduced(root)).toBe(true)
    root.dataset.motion = 'full'
    expect(motionReduced(root)).toBe(false)
  })
})

describe('autoplay of animated photos', () => {
  it('"Same as system" is off under reduced motion; a choice wins either way', () => {
    expect(appliedAutoplay('system', true)).toBe(false)
    expect(appliedAutoplay('system', false)).toBe(true)
    expect(appliedAutoplay('on', true)).toBe(true)
    expect(appliedAutoplay('off', false)).toBe(false)
    expect(readPreferences(JSON.stringify({ autoplay: 'sometimes' })).autoplay).toBe('system')
  })
})
