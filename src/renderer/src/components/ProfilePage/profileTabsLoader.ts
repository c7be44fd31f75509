// The profile's tabs (Posts, Saved, Tagged), kept out of the app's entry chunk. The app fetches
// them once its first view is up: a profile opened before they are here would show its grid
// through a Suspense fallback, and that swap lost the feed's scroll offset on Back.

import { preloadable } from '../../preloadable'

export const ProfileTabs = preloadable(() =>
  import('./ProfileTabs').then((module) => module.ProfileTabs)
)
