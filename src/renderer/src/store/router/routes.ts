// The app's routes and their URLs. Hash URLs (`#/u/jane`) work the same in the desktop app
// (a file or app origin, where the window must never navigate away) and in the browser build,
// and in-page navigation keeps the browser's own Back and Forward working.
//
// A post (`#/p/<id>`) and its likers (`#/p/<id>/liked_by`) are overlays: dialogs shown over the
// page they were opened from, as on the network's web app; opened by a link, over the home feed.

import type { ConnectionDirection } from '@shared/domain'

export type FeedTab = 'for-you' | 'following'

/** A profile's tabs; 'saved' is only its owner's, 'tagged' lists posts the person is tagged in. */
export type ProfileTab = 'posts' | 'reels' | 'saved' | 'tagged'

export type Route =
  | { name: 'feed'; tab: FeedTab }
  /** `collection`: one of the owner's saved collections, open in the Saved tab. */
  | { name: 'profile'; username: string; tab?: ProfileTab; collection?: string }
  | { name: 'connections'; username: string; direction: ConnectionDirection }
  | { name: 'suggestions' }
  /** Posts from people the reader does not follow (docs/product.md, "Explore"). */
  | { name: 'explore' }
  /** Video posts one per screen (docs/product.md, "Reels"), opened at a reel when one is named. */
  | { name: 'reels'; postId: string | null }
  /** A Settings section by its id (components/Settings/sections.ts); '' is the first one. */
  | { name: 'settings'; section: string }
  | { name: 'direct'; thread: string | null }
  | { name: 'tag'; tag: string }
  /** A place's page: its name, post count and posts (docs/product.md, "Location"). */
  | { name: 'place'; placeId: string }
  | { name: 'post'; postId: string }
  | { name: 'likers'; postId: string }
  /** The moderators' open reports (the database refuses everyone else). */
  | { name: 'moderation' }

export type OverlayRoute = Extract<Route, { name: 'post' | 'likers' }>
export type PageRoute = Exclude<Route, OverlayRoute>

export const HOME: PageRoute = { name: 'feed', tab: 'for-you' }
export const EXPLORE: PageRoute = { name: 'explore' }
export const REELS: PageRoute = { name: 'reels', postId: null }

export function isOverlay(route: Route): route is OverlayRoute {
  return route.name === 'post' || route.name === 'likers'
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The route a hash (`#/u/jane/followers`) names; anything unknown is the home feed. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decode)
  const [first, second, third, fourth] = parts
  if (first === 'following' && parts.length === 1) return { name: 'feed', tab: 'following' }
  if (first === 'people' && second === 'suggested') return { name: 'suggestions' }
  if (first === 'explore' && parts.length === 1) return EXPLORE
  if (first === 'reels' && parts.length <= 2) return { name: 'reels', postId: second ?? null }
  if (first === 'moderation' && parts.length === 1) return { name: 'moderation' }
  if (first === 'settings') return { name: 'settings', section: second ?? '' }
  if (first === 'direct') return { name: 'direct', thread: second ?? null }
  if (first === 't' && second) return { name: 'tag', tag: second.toLowerCase() }
  if (first === 'loc' && second && parts.length === 2) return { name: 'place', placeId: second }
  if (first === 'p' && second) {
    return third === 'liked_by'
      ? { name: 'likers', postId: second }
      : { name: 'post', postId: second }
  }
  if (first === 'u' && second) {
    if (third === 'followers' || third === 'following') {
      return { name: 'connections', username: second, direction: third }
    }
    if (third === 'saved' && fourth) {
      return { name: 'profile', username: second, tab: 'saved', collection: fourth }
    }
    return third === 'saved' || third === 'tagged' || third === 'reels'
      ? { name: 'profile', username: second, tab: third }
      : { name: 'profile', username: second }
  }
  return HOME
}

export function routeHash(route: Route): string {
  switch (route.name) {
    case 'feed':
      return route.tab === 'following' ? '#/following' : '#/'
    case 'suggestions':
      return '#/people/suggested'
    case 'explore':
      return '#/explore'
    case 'reels':
      return route.postId ? `#/reels/${encodeURIComponent(route.postId)}` : '#/reels'
    case 'profile': {
      const base = `#/u/${encodeURIComponent(route.username)}`
      if (route.tab === 'saved' && route.collection) {
        return `${base}/saved/${encodeURIComponent(route.collection)}`
      }
      return route.tab && route.tab !== 'posts' ? `${base}/${route.tab}` : base
    }
    case 'connections':
      return `#/u/${encodeURIComponent(route.username)}/${route.direction}`
    case 'moderation':
      return '#/moderation'
    case 'settings':
      return route.section ? `#/settings/${encodeURIComponent(route.section)}` : '#/settings'
    case 'direct':
      return route.thread ? `#/direct/${encodeURIComponent(route.thread)}` : '#/direct'
    case 'tag':
      return `#/t/${encodeURIComponent(route.tag)}`
    case 'place':
      return `#/loc/${encodeURIComponent(route.placeId)}`
    case 'post':
      return `#/p/${encodeURIComponent(route.postId)}`
    case 'likers':
      return `#/p/${encodeURIComponent(route.postId)}/liked_by`
  }
}

export const profileRoute = (username: string): Route => ({ name: 'profile', username })

export const MODERATION: Route = { name: 'moderation' }

export const settingsRoute = (section = ''): Route => ({ name: 'settings', section })
export const postRoute = (postId: string): Route => ({ name: 'post', postId })
export const reelRoute = (postId: string): Route => ({ name: 'reels', postId })
export const tagRoute = (tag: string): Route => ({ name: 'tag', tag: tag.toLowerCase() })
export const placeRoute = (placeId: string): Route => ({ name: 'place', placeId })
