import { describe, expect, it } from 'vitest'
import { closestName, similarity } from '../../../../src/backend/rest/fuzzy'

describe('"Perhaps you meant" suggestions', () => {
  it('scores by edit distance over the longer name, ignoring case', () => {
    expect(similarity('posts', 'posts')).toBe(1)
    expect(similarity('Post', 'posts')).toBeCloseTo(0.8)
    expect(similarity('abc', 'xyz')).toBe(0)
  })

  it('suggests the closest name at or above the threshold, and nothing below it', () => {
    expect(closestName('profile', ['posts', 'profiles', 'likes'], 0.75)).toBe('profiles')
    expect(closestName('zzz', ['posts', 'profiles'], 0.75)).toBeNull()
  })

  it('can leave out the name that was asked for', () => {
    expect(closestName('likes', ['likes', 'like'], 0.33, true)).toBe('like')
  })
})
