// Links to a post that someone can paste: a deep link the desktop app opens
// (instaframe://p/<id>), and in the browser build the post's own route in the app's address
// (`#/p/<id>`). Links of the older shape (`?p=<id>`) still open their post, once.

import { DEEP_LINK_SCHEME } from './link-scheme'

export function postDeepLink(postId: string): string {
  return `${DEEP_LINK_SCHEME}://p/${encodeURIComponent(postId)}`
}

/** `pageUrl` showing the post: its route `#/p/<id>`, with no query. */
export function postWebLink(pageUrl: string, postId: string): string {
  const url = new URL(pageUrl)
  url.search = ''
  url.hash = `#/p/${encodeURIComponent(postId)}`
  return url.toString()
}

/** The post an older page address asks for (`?p=<id>`), or null. */
export function postIdFromWebLink(pageUrl: string): string | null {
  try {
    const id = new URL(pageUrl).searchParams.get('p')
    return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null
  } catch {
    return null
  }
}
