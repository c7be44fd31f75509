// Mailed links in the web build. The mail's link goes through the backend's /auth/v1/verify,
// which lands on this page with the session (or the error) in the fragment. The page completes
// it as the desktop app completes instaframe://auth/callback (shared/data/auth-link.ts: the
// link's account added or switched to, never over another) and hands the outcome to the
// renderer through the bridge's `app.onDeepLink`, so both builds show the same thing. The
// fragment leaves the address bar at once: it holds tokens, and the router reads the hash.

import { AUTH_CALLBACK_URL } from '@shared/auth-links'
import type { Api } from '@shared/bridge-contract'
import type { DeepLink } from '@shared/deep-links'
import type { LinkSessions } from '@shared/data/auth-link'
import { listenerSet } from '@shared/data/session-bridge'

/** What /verify puts in the fragment; the router's own hashes start with `#/`. */
const AUTH_FRAGMENT = /^#(access_token|refresh_token|error|error_code|error_description|message)=/

type PageLocation = Pick<Location, 'hash' | 'pathname' | 'search'>

/**
 * Takes a mailed link's fragment off the page's address, as the callback link the desktop app
 * would have received; null when the page was opened some other way.
 */
export function takeMailedLink(
  location: PageLocation,
  history: Pick<History, 'replaceState'>
): string | null {
  // Read before replacing: `location` is live.
  const fragment = location.hash
  if (!AUTH_FRAGMENT.test(fragment)) return null
  history.replaceState(null, '', `${location.pathname}${location.search}#/`)
  return `${AUTH_CALLBACK_URL}${fragment}`
}

/**
 * The page's `onDeepLink` and `ready`: a mailed link the page opened with is completed once the
 * renderer listens (as main's outbox waits for `app:ready`), then delivered like main's event.
 */
export function pageLinkEvents(
  link: string | null,
  sessions: Promise<LinkSessions>
): Pick<Api['app'], 'onDeepLink' | 'ready'> {
  const links = listenerSet<DeepLink>()
  let pending = link
  return {
    onDeepLink: links.on,
    async ready() {
      if (!pending) return
      const raw = pending
      pending = null
      // Loaded only when a page opens from a mail: it stays out of the entry chunk.
      const { openAuthLink } = await import('@shared/data/auth-link')
      links.emit(await openAuthLink(await sessions, raw))
    }
  }
}
