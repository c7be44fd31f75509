import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  commentOnFocusedPost,
  likeFocusedPost,
  movePostFocus,
  openFocusedPost,
  saveFocusedPost
} from './postFocus'

interface FakeCard {
  like: HTMLButtonElement
  comment: HTMLButtonElement
  save: HTMLButtonElement
  photo: HTMLDivElement
}

function feed(count: number): {
  posts: HTMLElement[]
  likes: HTMLButtonElement[]
  cards: FakeCard[]
} {
  const main = document.createElement('main')
  const posts: HTMLElement[] = []
  const likes: HTMLButtonElement[] = []
  const cards: FakeCard[] = []
  const button = (label: string): HTMLButtonElement => {
    const element = document.createElement('button')
    element.setAttribute('aria-label', label)
    return element
  }
  for (let index = 0; index < count; index += 1) {
    const article = document.createElement('article')
    const photo = document.createElement('div')
    photo.setAttribute('data-open-post', '')
    const like = button(index === 1 ? 'Unlike' : 'Like')
    const comment = button('Comment')
    const save = button(index === 1 ? 'Remove from saved' : 'Save')
    article.append(photo, like, comment, save)
    main.append(article)
    posts.push(article)
    likes.push(like)
    cards.push({ like, comment, save, photo })
  }
  document.body.append(main)
  return { posts, likes, cards }
}

function clicksOn(element: HTMLElement): () => number {
  const spy = vi.fn()
  element.addEventListener('click', spy)
  return () => spy.mock.calls.length
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

describe('commenting, saving and opening the focused post', () => {
  it("c and s press the focused post's own Comment and Save (or Remove from saved) buttons", () => {
    const { cards } = feed(2)
    const comments = cards.map((card) => clicksOn(card.comment))
    const saves = cards.map((card) => clicksOn(card.save))
    expect(commentOnFocusedPost()).toBe(false)
    expect(saveFocusedPost()).toBe(false)
    movePostFocus('next')
    movePostFocus('next')
    expect(commentOnFocusedPost()).toBe(true)
    expect(saveFocusedPost()).toBe(true)
    expect(comments.map((count) => count())).toEqual([0, 1])
    expect(saves.map((count) => count())).toEqual([0, 1])
  })

  it('Enter opens the focused card as a click on its photo does', () => {
    const { cards } = feed(2)
    const opened = clicksOn(cards[0].photo)
    expect(openFocusedPost()).toBe(false)
    movePostFocus('next')
    expect(openFocusedPost()).toBe(true)
    expect(opened()).toBe(1)
  })

  it('leaves Enter to a button of the card that has focus', () => {
    const { cards } = feed(1)
    const opened = clicksOn(cards[0].photo)
    cards[0].like.focus()
    expect(openFocusedPost()).toBe(false)
    expect(opened()).toBe(0)
  })
})
