// Links that open the app: `instaframe://p/<post id>`, `instaframe://u/<username>` and
// `instaframe://direct/<thread id>`. They arrive from anywhere (a browser, a chat, the command
// line), so the parser accepts exactly these three shapes and turns everything else into a
// message the window shows instead of navigating.

import type { AuthLinkOutcome } from './auth-links'
import { USERNAME_PATTERN } from './limits'
import { DEEP_LINK_SCHEME } from './link-scheme'

/** Longer than any valid link (the scheme, `p/` and a 36-character id, or `u/` and 30 letters). */
export const MAX_DEEP_LINK_LENGTH = 100

const UUID_RULE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export type DeepLinkRoute =
  | { kind: 'post'; postId: string }
  | { kind: 'profile'; username: string }
  | { kind: 'direct'; threadId: string }
  /** A mailed link (instaframe://auth/callback, auth-links.ts) that main already completed. */
  | { kind: 'auth'; outcome: AuthLinkOutcome }

/** A link main received, parsed: what to open, or why nothing opens. */
export type DeepLink = { ok: true; route: DeepLinkRoute } | { ok: false; message: string }

export const DEEP_LINK_MESSAGES = {
  empty: 'The link that opened Instaframe was empty.',
  scheme: 'Instaframe only opens instaframe:// links.',
  tooLong: 'The link that opened Instaframe is too long to be one of its links.',
  unknown:
    'Instaframe links point to a post (instaframe://p/…), a profile (instaframe://u/…) or a conversation (instaframe://direct/…).',
  post: 'This post link is damaged: the post id is not valid.',
  direct: 'This conversation link is damaged: the conversation id is not valid.',
  username:
    'This profile link is damaged: usernames are 3–30 lowercase letters, numbers, periods and underscores.'
} as const

const fail = (message: string): DeepLink => ({ ok: false, message })

/**
 * Parses a link by hand rather than with `URL`, whose handling of custom schemes varies between
 * runtimes. Percent-encoding, queries, fragments, credentials and extra path segments are all
 * refused: no valid link needs them, so they can only be a mistake or an attempt to smuggle
 * something (`..%2F`) past the checks.
 */
export function parseDeepLink(raw: unknown): DeepLink {
  if (typeof raw !== 'string' || raw.trim() === '') return fail(DEEP_LINK_MESSAGES.empty)
  if (raw.length > MAX_DEEP_LINK_LENGTH) return fail(DEEP_LINK_MESSAGES.tooLong)
  const prefix = `${DEEP_LINK_SCHEME}://`
  if (raw.slice(0, prefix.length).toLowerCase() !== prefix) return fail(DEEP_LINK_MESSAGES.scheme)
  // Browsers and shells sometimes add one trailing slash; it carries no meaning.
  const rest = raw.slice(prefix.length).replace(/\/$/, '')
  const segments = rest.split('/')
  if (segments.length !== 2 || /[^A-Za-z0-9._/-]/.test(rest))
    return fail(DEEP_LINK_MESSAGES.unknown)
  const [kind, value] = segments
  if (kind === 'p') {
    const postId = value.toLowerCase()
    return UUID_RULE.test(postId)
      ? { ok: true, route: { kind: 'post', postId } }
      : fail(DEEP_LINK_MESSAGES.post)
  }
  if (kind === 'direct') {
    const threadId = value.toLowerCase()
    return UUID_RULE.test(threadId)
      ? { ok: true, route: { kind: 'direct', threadId } }
      : fail(DEEP_LINK_MESSAGES.direct)
  }
  if (kind === 'u') {
    // The database stores usernames lowercased, so a link typed as @Jane still finds jane.
    const username = value.toLowerCase()
    return USERNAME_PATTERN.test(username)
      ? { ok: true, route: { kind: 'profile', username } }
      : fail(DEEP_LINK_MESSAGES.username)
  }
  return fail(DEEP_LINK_MESSAGES.unknown)
}

/** The canonical link for a route (what "Copy Link" would share). */
export function deepLinkUrl(route: Exclude<DeepLinkRoute, { kind: 'auth' }>): string {
  switch (route.kind) {
    case 'post':
      return `${DEEP_LINK_SCHEME}://p/${route.postId}`
    case 'profile':
      return `${DEEP_LINK_SCHEME}://u/${route.username}`
    case 'direct':
      return `${DEEP_LINK_SCHEME}://direct/${route.threadId}`
  }
}

/**
 * The link in a process's command line, if any. Windows and Linux start the app (or a second
 * instance) with the link as an argument; Chromium switches and the app path come first.
 */
export function findDeepLinkArg(argv: readonly string[]): string | null {
  const prefix = `${DEEP_LINK_SCHEME}:`
  return argv.find((arg) => arg.slice(0, prefix.length).toLowerCase() === prefix) ?? null
}
