import { describe, expect, it } from 'vitest'
import { replaceToken, tokenAtCaret } from './caretToken'

describe('tokenAtCaret', () => {
  it('finds a mention and a hashtag being typed at the caret', () => {
    expect(tokenAtCaret('hi @ab', 6)).toEqual({ kind: 'mention', query: 'ab', start: 3, end: 6 })
    expect(tokenAtCaret('#ca', 3)).toEqual({ kind: 'hashtag', query: 'ca', start: 0, end: 3 })
    expect(tokenAtCaret('(@bo.b', 6)).toEqual({ kind: 'mention', query: 'bo.b', start: 1, end: 6 })
  })

  it('takes what was typed before the caret and the whole word as the token', () => {
    expect(tokenAtCaret('hey @alice!', 7)).toEqual({
      kind: 'mention',
      query: 'al',
      start: 4,
      end: 10
    })
  })

  it('is none for a bare sign, plain words, e-mail addresses and signs inside words', () => {
    expect(tokenAtCaret('hi @', 4)).toBeNull()
    expect(tokenAtCaret('hello', 5)).toBeNull()
    expect(tokenAtCaret('me@example', 10)).toBeNull()
    expect(tokenAtCaret('a#b', 3)).toBeNull()
    expect(tokenAtCaret('@ab cd', 6)).toBeNull()
    expect(tokenAtCaret('#a.b', 4)).toBeNull()
  })

  it('is none outside the text', () => {
    expect(tokenAtCaret('@ab', 9)).toBeNull()
    expect(tokenAtCaret('@ab', -1)).toBeNull()
  })
})

describe('replaceToken', () => {
  it('inserts the picked name with a space and puts the caret after it', () => {
    const text = 'hi @al and more'
    const token = tokenAtCaret(text, 6)!
    expect(replaceToken(text, token, 'alice')).toEqual({ text: 'hi @alice and more', caret: 10 })
  })

  it('replaces the whole word the caret is in and keeps what follows', () => {
    const text = 'go #cat!'
    const token = tokenAtCaret(text, 5)!
    expect(replaceToken(text, token, 'cats')).toEqual({ text: 'go #cats !', caret: 9 })
  })

  it('ends a token typed at the end of the text with one space', () => {
    const token = tokenAtCaret('@b', 2)!
    expect(replaceToken('@b', token, 'bob')).toEqual({ text: '@bob ', caret: 5 })
  })
})
