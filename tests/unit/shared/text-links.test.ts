import { describe, expect, it } from 'vitest'
import {
  captionPreview,
  hashtagCount,
  mentionedUsernames,
  splitTextLinks
} from '../../../src/shared/text-links'

describe('splitTextLinks', () => {
  it('finds mentions and hashtags between plain text', () => {
    expect(splitTextLinks('Sunset with @Bob.Smith at #Beach_2024!')).toEqual([
      { kind: 'text', text: 'Sunset with ' },
      { kind: 'mention', text: '@Bob.Smith', username: 'bob.smith' },
      { kind: 'text', text: ' at ' },
      { kind: 'tag', text: '#Beach_2024', tag: 'beach_2024' },
      { kind: 'text', text: '!' }
    ])
  })

  it('leaves a trailing full stop out of a mention', () => {
    expect(splitTextLinks('thanks @alice.')).toEqual([
      { kind: 'text', text: 'thanks ' },
      { kind: 'mention', text: '@alice', username: 'alice' },
      { kind: 'text', text: '.' }
    ])
  })

  it('does not link a # or @ inside a word, an e-mail address or an HTML entity', () => {
    for (const text of ['a#b', 'mail bob@example.com', '&#39;quoted', 'C#']) {
      expect(splitTextLinks(text), text).toEqual([{ kind: 'text', text }])
    }
  })

  it('does not link a mention shorter than a username can be', () => {
    expect(splitTextLinks('hi @ab')).toEqual([{ kind: 'text', text: 'hi @ab' }])
  })

  it('links a tag at the very start and keeps an empty text empty', () => {
    expect(splitTextLinks('#first')).toEqual([{ kind: 'tag', text: '#first', tag: 'first' }])
    expect(splitTextLinks('')).toEqual([])
  })
})

describe('mentionedUsernames', () => {
  it('lists each mentioned username once, lower-case', () => {
    expect(mentionedUsernames('@Alice and @alice and @bob_1')).toEqual(['alice', 'bob_1'])
  })
})

describe('hashtagCount', () => {
  it('counts each hashtag written, repeats included, and nothing that is not one', () => {
    expect(hashtagCount('#a #b #a')).toBe(3)
    expect(hashtagCount('mail#x &#y @#z #a#b')).toBe(1)
    expect(hashtagCount('no tags here')).toBe(0)
  })
})

describe('captionPreview', () => {
  it('leaves a caption that fits whole', () => {
    expect(captionPreview('short', 125)).toBeNull()
    expect(captionPreview('x'.repeat(125), 125)).toBeNull()
  })

  it('cuts a long caption at the last space before the limit, never inside a word or tag', () => {
    const caption = `${'word '.repeat(24)}#hashtag and more`
    const preview = captionPreview(caption, 125)!
    expect(preview).toBe('word '.repeat(24).trimEnd())
    expect([...preview].length).toBeLessThanOrEqual(125)
  })

  it('counts characters, not UTF-16 units, and cuts one long word where it must', () => {
    expect(captionPreview('🌅'.repeat(130), 125)).toBe('🌅'.repeat(125))
  })
})
