// The window's title (and the browser tab's) names what is in front: an open post, the
// activity panel, a tag or person page, or else the route. Main shows it in the title bar, the
// taskbar and the window switcher.

import type { BrowsePage } from './store/browse/browseStore'
import type { Route } from './store/router/routes'

const APP = 'Instaframe'

export interface TitleFacts {
  route: Route
  /** The author of the post open in the post view, or null when none is open. */
  openPostAuthor: string | null
  /** Whether a post is open (it may still be loading, with no author yet). */
  postOpen: boolean
  browsing: BrowsePage | null
  activityOpen: boolean
}

function routeTitle(route: Route): string {
  switch (route.name) {
    case 'profile':
    case 'connections':
      return `${route.username} • ${APP}`
    case 'suggestions':
      return `Suggested for you • ${APP}`
    case 'explore':
      return `Explore • ${APP}`
    case 'reels':
      return `Reels • ${APP}`
    case 'settings':
      return `Settings • ${APP}`
    case 'moderation':
      return `Moderation • ${APP}`
    case 'direct':
      return `Messages • ${APP}`
    case 'tag':
      return `#${route.tag} • ${APP}`
    case 'place':
      return `Location • ${APP}`
    case 'likers':
      return `Likes • ${APP}`
    case 'post':
    case 'feed':
      return APP
  }
}

export function windowTitle(facts: TitleFacts): string {
  if (facts.postOpen) {
    return facts.openPostAuthor ? `Post by ${facts.openPostAuthor} • ${APP}` : `Post • ${APP}`
  }
  if (facts.activityOpen) return `Notifications • ${APP}`
  if (facts.browsing?.kind === 'tag') return `#${facts.browsing.tag} • ${APP}`
  return routeTitle(facts.route)
}
