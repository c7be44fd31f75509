// The page under any overlay, for the current route. Pages other than the feed and profiles
// are loaded on their first visit; tag pages and a profile's tabs are fetched ahead once the
// first view is up (App).

import { lazy, memo, type ReactElement } from 'react'
import { FeedView } from '../components/FeedView/FeedView'
import { ProfilePage } from '../components/ProfilePage/ProfilePage'
import { preloadable } from '../preloadable'
import type { PageRoute } from '../store/router/routes'

// Pages other than the feed and profiles are loaded on the first visit, like the modals; tag
// pages, which a click on any hashtag opens, are fetched once the feed has painted. The profile
// page stays in the entry: a page that suspends as it opens over the feed hides the feed for a
// moment, and the feed then came back ~470 px off its place on Back (nav-routes.e2e.ts).
export const BrowseView = preloadable(() =>
  import('../components/BrowseView/BrowseView').then((module) => module.BrowseView)
)
const PlaceView = lazy(() =>
  import('../components/BrowseView/PlaceView').then((module) => ({ default: module.PlaceView }))
)
const ConnectionsPage = lazy(() =>
  import('../components/ConnectionsPage/ConnectionsPage').then((module) => ({
    default: module.ConnectionsPage
  }))
)
const DirectPage = lazy(() =>
  import('../components/DirectPage/DirectPage').then((module) => ({ default: module.DirectPage }))
)
const ExploreView = lazy(() =>
  import('../components/ExploreView/ExploreView').then((module) => ({
    default: module.ExploreView
  }))
)
const ReelsView = lazy(() =>
  import('../components/ReelsView/ReelsView').then((module) => ({ default: module.ReelsView }))
)
const SuggestionsPage = lazy(() =>
  import('../components/SuggestionsPage/SuggestionsPage').then((module) => ({
    default: module.SuggestionsPage
  }))
)
const SettingsPage = lazy(() =>
  import('../components/Settings/SettingsPage').then((module) => ({ default: module.SettingsPage }))
)
const ModerationPage = lazy(() =>
  import('../components/ModerationPage/ModerationPage').then((module) => ({
    default: module.ModerationPage
  }))
)

/**
 * The page under any overlay. Memoised: opening or closing a post (or any App state change that
 * keeps the page) must not re-render the whole feed inside the click that did it.
 */
export const RouteView = memo(function RouteView({ route }: { route: PageRoute }): ReactElement {
  switch (route.name) {
    case 'profile':
      return <ProfilePage username={route.username} tab={route.tab} />
    case 'tag':
      return <BrowseView tag={route.tag} />
    case 'place':
      return <PlaceView placeId={route.placeId} />
    case 'connections':
      return <ConnectionsPage username={route.username} direction={route.direction} />
    case 'suggestions':
      return <SuggestionsPage />
    case 'explore':
      return <ExploreView />
    case 'reels':
      return <ReelsView startId={route.postId} />
    case 'settings':
      return <SettingsPage section={route.section} />
    case 'direct':
      return <DirectPage thread={route.thread} />
    case 'moderation':
      return <ModerationPage />
    case 'feed':
      return <FeedView tab={route.tab} />
  }
})
