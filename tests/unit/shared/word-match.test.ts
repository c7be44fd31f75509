import { describe, expect, it } from 'vitest'
import { firstWordIn, normalizeWord, textHasWord } from '../../../src/shared/word-match'

describe('textHasWord', () => {
  it('matches whole words and hashtags, case-blind, like the database', () => {
    const cases: [string, string, boolean][] = [
      ['Big SPOILER ahead', 'spoiler', true],
      ['spoilers ahead', 'spoiler', false],
      ['love #cats', '#cats', true],
      ['love #catsanddogs', '#cats', false],
      ['a.bc', 'a.b', false],
      ['axb', 'a.b', false],
      ['a.b here', 'a.b', true],
      ['what ( now', '(', true],
      ['Ça va', 'ça', true]
    ]
    for (const [text, word, expected] of cases) {
      expect(textHasWord(text, word), `${word} in ${text}`).toBe(expected)
    }
  })

  it('names the first muted word a text contains', () => {
    expect(firstWordIn('no cats here', ['dogs', 'cats'])).toBe('cats')
    expect(firstWordIn(null, ['cats'])).toBeNull()
    expect(firstWordIn('dogs', [])).toBeNull()
  })

  it('stores words trimmed and folded, refusing empty or long ones', () => {
    expect(normalizeWord('  Spoiler ')).toBe('spoiler')
    expect(normalizeWord('   ')).toBeNull()
    expect(normalizeWord('x'.repeat(101))).toBeNull()
  })
})
