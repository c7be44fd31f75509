// Connects the live channels to the stores for as long as the app is shown: new, changed and
// deleted posts to the lists that show them, the shown profile's counts to the people store, the
// signed-in user's activity to the activity store, session changes to realtime's token, and
// clicked desktop notifications to the post or profile they are about. After the machine slept,
// all of them are read again at once (wakeDetector.ts).

import { useEffect } from 'react'
import { usePeople, useSession, useStores } from '../store'
import { selectUserId } from '../store/session/sessionStore'
import { openActivityTarget } from './openActivityTarget'
import { applyPostCounters } from './postCounters'
import { watchForWake } from './wakeDetector'

export function useLiveUpdates(): void {
  const stores = useStores()
  const { api, live, feed, activity, people, direct } = stores
  const userId = useSession(selectUserId)
  const shownProfileId = usePeople((state) => state.page?.profile?.id ?? null)
  const accessToken = useSession((state) => state.snapshot.accessToken)

  useEffect(
    () =>
      live.posts({
        // Only the For you feed offers new posts: an insert does not say whether its author is
        // followed. Counters change on whichever list shows the post.
        onInsert: (row) => feed.getState().postInserted(row),
        onUpdate: (row) => applyPostCounters(stores, row),
        // Its author deleted it: every list showing it drops it (wiring/entities.ts).
        onDelete: (postId) => stores.posts.getState().remove(postId),
        onResync: () => void feed.getState().catchUp()
      }),
    [live, feed, stores]
  )

  // Joined channels keep hearing as whoever is signed in now (and with a fresh token).
  useEffect(() => {
    live.refreshAuth().catch((error: unknown) => console.error('Error updating live auth', error))
  }, [live, accessToken])

  useEffect(() => (userId ? activity.getState().start(userId) : undefined), [activity, userId])
  useEffect(() => (userId ? direct.getState().start(userId) : undefined), [direct, userId])

  // The profile shown (anyone's, one's own included) keeps its counts as people follow and
  // unfollow; after a gap in the channel they are read again.
  useEffect(
    () =>
      shownProfileId
        ? live.profileCounts(shownProfileId, {
            onCounts: (counts) => people.getState().countsChanged(counts),
            onResync: () => void people.getState().refreshCounts()
          })
        : undefined,
    [live, people, shownProfileId]
  )

  // A sleep may have hidden posts, activity and counts that the channels could not deliver.
  useEffect(
    () =>
      watchForWake(() => {
        void feed.getState().catchUp()
        if (activity.getState().userId) void activity.getState().refresh()
        if (people.getState().page?.profile) void people.getState().refreshCounts()
      }),
    [feed, activity, people]
  )

  // A clicked desktop notification shows what it is about, as its line in the panel does.
  useEffect(
    () => api.notifications.onOpen((target) => openActivityTarget(stores, target)),
    [api, stores]
  )
}
