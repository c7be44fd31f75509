import { describe, expect, it } from 'vitest'
import {
  createRouterStore,
  selectCanGoBack,
  selectCanGoForward,
  type HistoryHost
} from './routerStore'
import { parseRoute, routeHash, type Route } from './routes'

/** A history that behaves like a browser tab's: entries, a cursor, popstate on back/forward. */
function fakeHost(initialHash = ''): HistoryHost & { entries: { state: unknown; hash: string }[] } {
  const listeners = new Set<() => void>()
  const entries = [{ state: null as unknown, hash: initialHash }]
  let at = 0
  const host = {
    entries,
    scrollY: 0,
    location: {
      get hash() {
        return entries[at].hash
      }
    },
    history: {
      get state() {
        return entries[at].state
      },
      pushState(state: unknown, _unused: string, url: string) {
        entries.splice(at + 1, entries.length, { state, hash: url })
        at += 1
      },
      replaceState(state: unknown, _unused: string, url: string) {
        entries[at] = { state, hash: url }
      },
      back() {
        if (at === 0) return
        at -= 1
        listeners.forEach((listener) => listener())
      },
      forward() {
        if (at === entries.length - 1) return
        at += 1
        listeners.forEach((listener) => listener())
      }
    },
    addEventListener: (_type: 'popstate', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'popstate', listener: () => void) => listeners.delete(listener)
  }
  return host
}

describe('routes', () => {
  it('round-trips every route through its hash', () => {
    const routes: Route[] = [
      { name: 'feed', tab: 'for-you' },
      { name: 'feed', tab: 'following' },
      { name: 'profile', username: 'jane.doe' },
      { name: 'connections', username: 'jane_doe', direction: 'followers' },
      { name: 'connections', username: 'jane', direction: 'following' },
      { name: 'suggestions' },
      { name: 'settings', section: '' },
      { name: 'settings', section: 'muted-words' },
      { name: 'profile', username: 'jane', tab: 'saved' },
      {
        name: 'profile',
        username: 'jane',
        tab: 'saved',
        collection: '5d1c8a0e-1b9f-4c1e-9a57-0f3e2d4c6b7a'
      },
      { name: 'tag', tag: 'sunset' },
      { name: 'place', placeId: '6f1e0b7c-8d1a-4a57-9a4e-3a1f3c2b1d00' },
      { name: 'post', postId: '0b7c6f1e-8d1a-4a57-9a4e-3a1f3c2b1d00' },
      { name: 'likers', postId: '0b7c6f1e-8d1a-4a57-9a4e-3a1f3c2b1d00' }
    ]
    for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route)
  })

  it('sends an unknown hash to the home feed, and keeps a malformed name for the not-found page', () => {
    for (const hash of ['', '#', '#/nowhere', '#/u/', '#/loc/', '#/loc/a/b']) {
      expect(parseRoute(hash)).toEqual({ name: 'feed', tab: 'for-you' })
    }
    expect(parseRoute('#/u/%E0%A4%A')).toEqual({ name: 'profile', username: '%E0%A4%A' })
  })
})

describe('router store', () => {
  it('pushes entries, and Back/Forward walk them with the scroll position each had', () => {
    const host = fakeHost('#/')
    const router = createRouterStore(host)
    const stop = router.getState().listen()
    expect(selectCanGoBack(router.getState())).toBe(false)

    host.scrollY = 1234
    router.getState().navigate({ name: 'profile', username: 'jane' })
    expect(host.location.hash).toBe('#/u/jane')
    expect(router.getState().restoreScroll).toBeNull()
    host.scrollY = 50
    router.getState().navigate({ name: 'connections', username: 'jane', direction: 'followers' })

    router.getState().back()
    expect(router.getState().route).toEqual({ name: 'profile', username: 'jane' })
    expect(router.getState().restoreScroll).toBe(50)
    router.getState().back()
    expect(router.getState().route).toEqual({ name: 'feed', tab: 'for-you' })
    expect(router.getState().restoreScroll).toBe(1234)
    expect(selectCanGoBack(router.getState())).toBe(false)
    expect(selectCanGoForward(router.getState())).toBe(true)

    router.getState().forward()
    expect(router.getState().route).toEqual({ name: 'profile', username: 'jane' })
    // A new entry drops the ones ahead of it.
    router.getState().navigate({ name: 'suggestions' })
    expect(selectCanGoForward(router.getState())).toBe(false)
    stop()
  })

  it('ignores navigating to the route already shown', () => {
    const host = fakeHost('#/u/jane')
    const router = createRouterStore(host)
    router.getState().navigate({ name: 'profile', username: 'jane' })
    expect(host.entries).toHaveLength(1)
  })

  it('opens a post over the page it came from, and closing it goes Back there', () => {
    const host = fakeHost('#/following')
    const router = createRouterStore(host)
    const stop = router.getState().listen()
    router.getState().navigate({ name: 'post', postId: 'a' })
    expect(host.location.hash).toBe('#/p/a')
    expect(router.getState().page).toEqual({ name: 'feed', tab: 'following' })
    // ←/→ in the post view replace the entry: one Back still leaves the post.
    router.getState().navigate({ name: 'post', postId: 'b' }, { replace: true })
    router.getState().navigate({ name: 'likers', postId: 'b' })
    expect(router.getState().page).toEqual({ name: 'feed', tab: 'following' })
    router.getState().closeOverlay()
    expect(router.getState().route).toEqual({ name: 'post', postId: 'b' })
    router.getState().closeOverlay()
    expect(router.getState().route).toEqual({ name: 'feed', tab: 'following' })
    expect(host.entries).toHaveLength(3)
    expect(selectCanGoBack(router.getState())).toBe(false)
    stop()
  })

  it('shows a linked post over the home feed; closing it puts the feed in its place', () => {
    const host = fakeHost('#/p/a')
    const router = createRouterStore(host)
    expect(router.getState().page).toEqual({ name: 'feed', tab: 'for-you' })
    router.getState().closeOverlay()
    expect(host.location.hash).toBe('#/')
    expect(host.entries).toHaveLength(1)
    expect(router.getState().route).toEqual({ name: 'feed', tab: 'for-you' })
  })
})
