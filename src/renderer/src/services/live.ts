// The live channels as the renderer subscribes to them (useLiveUpdates connects them to the
// stores): new activity, posts (new, changed, deleted), a person's follower counts, and an open
// post's comments.

import { subscribeToActivity, type ActivityListener } from '@shared/data/activity'
import { subscribeToPostComments, type PostCommentsListener } from '@shared/data/live-comments'
import { refreshRealtimeAuth, subscribeToPosts, type PostsListener } from '@shared/data/live-posts'
import { subscribeToProfileCounts, type ProfileCountsListener } from '@shared/data/live-profiles'
import type { Bind, Bound, Subscribe, Unsubscribe } from './binding'

export interface LiveServices {
  activity(userId: string, listener: ActivityListener): Unsubscribe
  posts(listener: PostsListener): Unsubscribe
  /** One person's follower and following counts, as follows and unfollows happen. */
  profileCounts(profileId: string, listener: ProfileCountsListener): Unsubscribe
  /** One post's new and deleted comments and their like counts. */
  postComments(postId: string, listener: PostCommentsListener): Unsubscribe
  /** Sends the current access token to realtime (after a session change). */
  refreshAuth: Bound<typeof refreshRealtimeAuth>
}

export function createLiveServices(bind: Bind, subscribe: Subscribe): LiveServices {
  return {
    activity: subscribe(subscribeToActivity),
    posts: subscribe(subscribeToPosts),
    profileCounts: subscribe(subscribeToProfileCounts),
    postComments: subscribe(subscribeToPostComments),
    refreshAuth: bind(refreshRealtimeAuth)
  }
}
