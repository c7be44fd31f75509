// Connects the live channels to the stores for as long as the app is shown: new and changed
// posts to the feed, the signed-in user's activity to the activity store, session changes to
// realtime's token, and clicked desktop notifications to the activity panel.

import { useEffect } from 'react'
import { useSession, useStores } from '../store'
import { selectUserId } from '../store/session/sessionStore'

export function useLiveUpdates(): void {
  const { api, live, feed, followingFeed, activity, router } = useStores()
  const userId = useSession(selectUserId)
  const accessToken = useSession((state) => state.snapshot.accessToken)

  useEffect(
    () =>
      live.posts({
        onInsert: (row) => feed.getState().postInserted(row),
        // Only the For you feed offers new posts: an insert does not say whether its author is
        // followed. Counters change on whichever feed shows the post.
        onUpdate: (row) => {
          feed.getState().postUpdated(row)
          followingFeed.getState().postUpdated(row)
        }
      }),
    [live, feed, followingFeed]
  )

  // Joined channels keep hearing as whoever is signed in now (and with a fresh token).
  useEffect(() => {
    live.refreshAuth().catch((error: unknown) => console.error('Error updating live auth', error))
  }, [live, accessToken])

  useEffect(() => (userId ? activity.getState().start(userId) : undefined), [activity, userId])

  // A clicked notification shows the follower's profile; posts have no view of their own yet,
  // so for those the activity panel comes up, listing it.
  useEffect(
    () =>
      api.notifications.onOpen((target) => {
        if (target.kind === 'profile')
          router.getState().navigate({ name: 'profile', username: target.username })
        else void activity.getState().openPanel()
      }),
    [api, activity, router]
  )
}
