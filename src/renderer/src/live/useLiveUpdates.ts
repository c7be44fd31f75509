// Connects the live channels to the stores for as long as the app is shown: new and changed
// posts to the feed, the signed-in user's activity to the activity store, session changes to
// realtime's token, and clicked desktop notifications to the activity panel.

import { useEffect } from 'react'
import { useSession, useStores } from '../store'
import { selectUserId } from '../store/session/sessionStore'

export function useLiveUpdates(): void {
  const { api, live, feed, activity } = useStores()
  const userId = useSession(selectUserId)
  const accessToken = useSession((state) => state.snapshot.accessToken)

  useEffect(
    () =>
      live.posts({
        onInsert: (row) => feed.getState().postInserted(row),
        onUpdate: (row) => feed.getState().postUpdated(row)
      }),
    [live, feed]
  )

  // Joined channels keep hearing as whoever is signed in now (and with a fresh token).
  useEffect(() => {
    live.refreshAuth().catch((error: unknown) => console.error('Error updating live auth', error))
  }, [live, accessToken])

  useEffect(() => (userId ? activity.getState().start(userId) : undefined), [activity, userId])

  // The posts and profiles a notification points at have no view of their own yet: a click
  // brings up the activity panel, which lists it.
  useEffect(
    () => api.notifications.onOpen(() => void activity.getState().openPanel()),
    [api, activity]
  )
}
