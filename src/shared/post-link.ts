// Links to a post that someone can paste: a deep link the desktop app opens
// (instaframe://p/<id>), and in the browser build the app's own address with ?p=<id>, which the
// app opens on start.

export const DEEP_LINK_SCHEME = 'instaframe'

export function postDeepLink(postId: string): string {
  return `${DEEP_LINK_SCHEME}://p/${encodeURIComponent(postId)}`
}

/** `pageUrl` with its query replaced by `?p=<id>` (and no fragment). */
export function postWebLink(pageUrl: string, postId: string): string {
  const url = new URL(pageUrl)
  url.search = `?p=${encodeURIComponent(postId)}`
  url.hash = ''
  return url.toString()
}

/** The post a page address asks for (`?p=<id>`), or null. */
export function postIdFromWebLink(pageUrl: string): string | null {
  try {
    const id = new URL(pageUrl).searchParams.get('p')
    return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null
  } catch {
    return null
  }
}
