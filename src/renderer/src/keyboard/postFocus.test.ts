import { afterEach, describe, expect, it, vi } from 'vitest'
import { likeFocusedPost, movePostFocus } from './postFocus'

function feed(count: number): { posts: HTMLElement[]; likes: HTMLButtonElement[] } {
  const main = document.createElement('main')
  const posts: HTMLElement[] = []
  const likes: HTMLButtonElement[] = []
  for (let index = 0; index < count; index += 1) {
    const article = document.createElement('article')
    const like = document.createElement('button')
    like.setAttribute('aria-label', index === 1 ? 'Unlike' : 'Like')
    article.append(like)
    main.append(article)
    posts.push(article)
    likes.push(like)
  }
  document.body.append(main)
  return { posts, likes }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('moving focus between posts', () => {
  it('starts at the first post, then moves one post at a time either way', () => {
    const { posts } = feed(3)
    expect(movePostFocus('next')).toBe(true)
    expect(document.activeElement).toBe(posts[0])
    movePostFocus('next')
    movePostFocus('next')
    expect(document.activeElement).toBe(posts[2])
    movePostFocus('previous')
    expect(document.activeElement).toBe(posts[1])
    // Focusable for these keys only: not added to the tab order.
    expect(posts[1].tabIndex).toBe(-1)
  })

  it('continues from the post whose button has focus', () => {
    const { posts, likes } = feed(3)
    likes[1].focus()
    movePostFocus('next')
    expect(document.activeElement).toBe(posts[2])
  })

  it('does nothing past either end, or without posts, so the key keeps scrolling', () => {
    const { posts } = feed(2)
    movePostFocus('next')
    expect(movePostFocus('previous')).toBe(false)
    movePostFocus('next')
    expect(movePostFocus('next')).toBe(false)
    expect(document.activeElement).toBe(posts[1])
    document.body.innerHTML = ''
    expect(movePostFocus('next')).toBe(false)
  })
})

describe('liking the focused post', () => {
  it("presses the focused post's own Like or Unlike button", () => {
    const { likes } = feed(2)
    const clicks = likes.map((button) => {
      const spy = vi.fn()
      button.addEventListener('click', spy)
      return spy
    })
    movePostFocus('next')
    expect(likeFocusedPost()).toBe(true)
    movePostFocus('next')
    expect(likeFocusedPost()).toBe(true)
    expect(clicks.map((spy) => spy.mock.calls.length)).toEqual([1, 1])
  })

  it('does nothing when no post has focus, or its button is busy', () => {
    const { likes } = feed(1)
    expect(likeFocusedPost()).toBe(false)
    likes[0].disabled = true
    movePostFocus('next')
    expect(likeFocusedPost()).toBe(false)
  })
})
