import { describe, expect, it } from 'vitest'
import { createSampleUsers, createStories, createSuggestions } from './sampleData'

describe('sample data', () => {
  it('has a pool of 20 distinct users with local (data URI) avatars', () => {
    const users = createSampleUsers()
    expect(users).toHaveLength(20)
    expect(new Set(users.map((user) => user.username)).size).toBe(20)
    expect(users.every((user) => user.avatar.startsWith('data:image/svg+xml'))).toBe(true)
  })

  it('draws 8 distinct stories from the pool, some viewed and some not, the same every time', () => {
    const stories = createStories()
    expect(stories).toHaveLength(8)
    expect(new Set(stories.map((story) => story.user.id)).size).toBe(8)
    expect(stories.some((story) => story.hasViewed)).toBe(true)
    expect(stories.some((story) => !story.hasViewed)).toBe(true)
    expect(createStories()).toEqual(stories)
  })

  it('has 5 suggestions with username, full name and avatar', () => {
    const suggestions = createSuggestions()
    expect(suggestions).toHaveLength(5)
    for (const person of suggestions) {
      expect(person).toEqual({
        username: expect.any(String),
        fullName: expect.any(String),
        avatar: expect.stringMatching(/^data:image\/svg\+xml/)
      })
    }
  })
})
