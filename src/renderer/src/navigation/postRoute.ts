// Opening, stepping and closing the post view through the router: the post's route (`#/p/<id>`)
// is what says a post is open, so Back, Forward, links and reloads all agree with the screen.
// The post store keeps what is shown (the post, its comments, the list it came from).

import type { OpenPostOptions, PostStore } from '../store/openPost/openPostStore'
import type { RouterStore } from '../store/router/routerStore'
import { postRoute, type Route } from '../store/router/routes'

interface PostStores {
  post: PostStore
  router: RouterStore
}

/** Opens `postId` over the current page, with `siblings` for ←/→, as a new history entry. */
export function showPost(
  stores: PostStores,
  postId: string,
  siblings: readonly string[] = [postId],
  options: OpenPostOptions = {}
): void {
  void stores.post.getState().openPost(postId, [...siblings], options)
  stores.router.getState().navigate(postRoute(postId))
}

/** The id of the post before (-1) or after (1) the open one in the list it was opened from. */
export function siblingPost(stores: Pick<PostStores, 'post'>, direction: -1 | 1): string | null {
  const { openId, siblings } = stores.post.getState()
  const at = openId ? siblings.indexOf(openId) : -1
  return (at >= 0 ? siblings[at + direction] : undefined) ?? null
}

/** The previous (-1) or next (1) post of the list it was opened from, in the same entry. */
export function stepPost(stores: PostStores, direction: -1 | 1): void {
  const next = siblingPost(stores, direction)
  if (next) stores.router.getState().navigate(postRoute(next), { replace: true })
}

/** Closes the post view (and the likers over it): Back to the page it was opened from. */
export function closePost(stores: PostStores): void {
  stores.router.getState().closeOverlay()
}

/**
 * Makes the post store follow the route: a post route opens its post (keeping the list it was
 * opened from), and any route but a post or its likers closes it.
 */
export function syncOpenPost(stores: PostStores, route: Route): void {
  const post = stores.post.getState()
  if (route.name === 'post') {
    if (post.openId !== route.postId) void post.openPost(route.postId)
  } else if (route.name !== 'likers' && post.openId !== null) {
    post.close()
  }
}
