// The link "Copy link" puts on the clipboard: the desktop app's deep link there, the page's own
// address showing the post's route (`#/p/<id>`) in the browser build.

import { postDeepLink, postWebLink } from '@shared/post-link'

export function shareablePostLink(
  postId: string,
  pageUrl: string = window.location.href,
  desktop: boolean = Boolean((window as Window & { api?: unknown }).api)
): string {
  return desktop ? postDeepLink(postId) : postWebLink(pageUrl, postId)
}
