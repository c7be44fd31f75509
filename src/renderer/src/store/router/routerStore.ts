// Navigation with history: the current route mirrors the URL's hash, `navigate` pushes a
// history entry, and Back/Forward go through the browser's own history, so the header arrows,
// the keyboard and mouse shortcuts and the browser's buttons all move through the same list.
// Each entry remembers its scroll position, restored when it is shown again by Back/Forward.
// An overlay's entry (a post, its likers) also names the page beneath it, so that page stays
// where it was, and closing the overlay goes Back to it when the app opened it from there.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { HOME, isOverlay, parseRoute, routeHash, type PageRoute, type Route } from './routes'

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
  /** For an overlay: the hash of the page shown beneath it. */
  background?: string
  /** For an overlay: opened from the entry before it, so closing it is going Back. */
  overPrevious?: boolean
}

export interface NavigateOptions {
  /** Replace the current entry instead of adding one (stepping between posts in the post view). */
  replace?: boolean
}

export interface RouterState {
  route: Route
  /** The page on screen: the route itself, or for an overlay the page beneath it. */
  page: PageRoute
  index: number
  /** The highest index reachable with Forward. */
  lastIndex: number
  /** Scroll position to restore once the route's view has rendered; null for a new entry. */
  restoreScroll: number | null
  navigate(route: Route, options?: NavigateOptions): void
  /** Closes an overlay: Back to the page it was opened from, or that page in its place. */
  closeOverlay(): void
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

/** The page an entry shows: its own route, or the page an overlay was opened over. */
function pageOf(route: Route, state: unknown): PageRoute {
  if (!isOverlay(route)) return route
  const background = (state as Partial<EntryState> | null)?.background
  const page = typeof background === 'string' ? parseRoute(background) : HOME
  return isOverlay(page) ? HOME : page
}

export function createRouterStore(host: HistoryHost): RouterStore {
  const scrollByIndex = new Map<number, number>()
  const startIndex = entryIndex(host.history.state) ?? 0
  if (entryIndex(host.history.state) === null) {
    host.history.replaceState({ index: 0 } satisfies EntryState, '', host.location.hash || '#/')
  }

  const initialRoute = parseRoute(host.location.hash)
  return createStore<RouterState>()((set, get) => ({
    route: initialRoute,
    page: pageOf(initialRoute, host.history.state),
    index: startIndex,
    lastIndex: startIndex,
    restoreScroll: null,
    navigate(route, options = {}) {
      const { index, page } = get()
      if (routeHash(route) === routeHash(get().route)) return
      const entry: EntryState = { index: options.replace ? index : index + 1 }
      if (isOverlay(route)) {
        entry.background = routeHash(page)
        const current = host.history.state as Partial<EntryState> | null
        entry.overPrevious = options.replace ? current?.overPrevious === true : true
      }
      const nextPage = isOverlay(route) ? page : route
      if (options.replace) {
        host.history.replaceState(entry, '', routeHash(route))
        set({ route, page: nextPage })
        return
      }
      scrollByIndex.set(index, host.scrollY)
      host.history.pushState(entry, '', routeHash(route))
      set({
        route,
        page: nextPage,
        index: entry.index,
        lastIndex: entry.index,
        restoreScroll: null
      })
    },
    closeOverlay() {
      const { route, page, index } = get()
      if (!isOverlay(route)) return
      const entry = host.history.state as Partial<EntryState> | null
      if (entry?.overPrevious === true && index > 0) {
        host.history.back()
        return
      }
      // Opened by a link: there is nothing of ours to go Back to, so the page takes its place.
      host.history.replaceState({ index } satisfies EntryState, '', routeHash(page))
      set({ route: page, page })
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
        const route = parseRoute(host.location.hash)
        set({
          route,
          page: pageOf(route, host.history.state),
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
