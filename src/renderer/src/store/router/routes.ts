// The app's routes and their URLs. Hash URLs (`#/u/jane`) work the same in the desktop app
// (a file or app origin, where the window must never navigate away) and in the browser build,
// and in-page navigation keeps the browser's own Back and Forward working.

import type { ConnectionDirection } from '@shared/domain'

export type FeedTab = 'for-you' | 'following'

export type Route =
  | { name: 'feed'; tab: FeedTab }
  | { name: 'profile'; username: string }
  | { name: 'connections'; username: string; direction: ConnectionDirection }
  | { name: 'suggestions' }
  /** A Settings section by its id (components/Settings/sections.ts); '' is the first one. */
  | { name: 'settings'; section: string }
  /** The moderators' open reports (the database refuses everyone else). */
  | { name: 'moderation' }

export const HOME: Route = { name: 'feed', tab: 'for-you' }

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
  if (parts[0] === 'following' && parts.length === 1) return { name: 'feed', tab: 'following' }
  if (parts[0] === 'people' && parts[1] === 'suggested') return { name: 'suggestions' }
  if (parts[0] === 'moderation' && parts.length === 1) return { name: 'moderation' }
  if (parts[0] === 'settings') return { name: 'settings', section: parts[1] ?? '' }
  if (parts[0] === 'u' && parts[1]) {
    const username = parts[1]
    if (parts[2] === 'followers' || parts[2] === 'following') {
      return { name: 'connections', username, direction: parts[2] }
    }
    return { name: 'profile', username }
  }
  return HOME
}

export function routeHash(route: Route): string {
  switch (route.name) {
    case 'feed':
      return route.tab === 'following' ? '#/following' : '#/'
    case 'suggestions':
      return '#/people/suggested'
    case 'profile':
      return `#/u/${encodeURIComponent(route.username)}`
    case 'connections':
      return `#/u/${encodeURIComponent(route.username)}/${route.direction}`
    case 'moderation':
      return '#/moderation'
    case 'settings':
      return route.section ? `#/settings/${encodeURIComponent(route.section)}` : '#/settings'
  }
}

export const profileRoute = (username: string): Route => ({ name: 'profile', username })

export const MODERATION: Route = { name: 'moderation' }

export const settingsRoute = (section = ''): Route => ({ name: 'settings', section })
