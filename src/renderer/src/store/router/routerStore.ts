// Navigation with history: the current route mirrors the URL's hash, `navigate` pushes a
// history entry, and Back/Forward go through the browser's own history, so the header arrows,
// the keyboard and mouse shortcuts and the browser's buttons all move through the same list.
// Each entry remembers its scroll position, restored when it is shown again by Back/Forward.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { parseRoute, routeHash, type Route } from './routes'

/** What the store needs of `window`: its location hash, history and scroll position. */
export interface HistoryHost {
  location: { hash: string }
  history: {
    state: unknown
    pushState(state: unknown, unused: string, url: string): void
    replaceState(state: unknown, unused: string, url: string): void
    back(): void
    forward(): void
  }
  scrollY: number
  addEventListener(type: 'popstate', listener: () => void): void
  removeEventListener(type: 'popstate', listener: () => void): void
}

interface EntryState {
  /** Position of the entry in this tab's history, counted from the first one the app made. */
  index: number
}

export interface RouterState {
  route: Route
  index: number
  /** The highest index reachable with Forward. */
  lastIndex: number
  /** Scroll position to restore once the route's view has rendered; null for a new entry. */
  restoreScroll: number | null
  navigate(route: Route): void
  back(): void
  forward(): void
  /** Starts following the browser's history; returns the function that stops it. */
  listen(): () => void
}

export type RouterStore = StoreApi<RouterState>

function entryIndex(state: unknown): number | null {
  const index = (state as Partial<EntryState> | null)?.index
  return typeof index === 'number' ? index : null
}

export function createRouterStore(host: HistoryHost): RouterStore {
  const scrollByIndex = new Map<number, number>()
  const startIndex = entryIndex(host.history.state) ?? 0
  if (entryIndex(host.history.state) === null) {
    host.history.replaceState({ index: 0 } satisfies EntryState, '', host.location.hash || '#/')
  }

  return createStore<RouterState>()((set, get) => ({
    route: parseRoute(host.location.hash),
    index: startIndex,
    lastIndex: startIndex,
    restoreScroll: null,
    navigate(route) {
      const { index } = get()
      if (routeHash(route) === routeHash(get().route)) return
      scrollByIndex.set(index, host.scrollY)
      const next = index + 1
      host.history.pushState({ index: next } satisfies EntryState, '', routeHash(route))
      set({ route, index: next, lastIndex: next, restoreScroll: null })
    },
    back() {
      if (get().index > 0) host.history.back()
    },
    forward() {
      if (get().index < get().lastIndex) host.history.forward()
    },
    listen() {
      const onPopState = (): void => {
        const { index, lastIndex } = get()
        scrollByIndex.set(index, host.scrollY)
        // An entry the app did not make (a typed URL) counts as a new one after the current,
        // and is numbered so that coming back to it later finds the same place.
        let target = entryIndex(host.history.state)
        if (target === null) {
          target = index + 1
          host.history.replaceState({ index: target } satisfies EntryState, '', host.location.hash)
        }
        set({
          route: parseRoute(host.location.hash),
          index: target,
          lastIndex: Math.max(lastIndex, target),
          restoreScroll: scrollByIndex.get(target) ?? null
        })
      }
      host.addEventListener('popstate', onPopState)
      return () => host.removeEventListener('popstate', onPopState)
    }
  }))
}

export const selectCanGoBack = (state: RouterState): boolean => state.index > 0
export const selectCanGoForward = (state: RouterState): boolean => state.index < state.lastIndex
