// The live channels as the renderer subscribes to them (useLiveUpdates connects them to the
// stores): new activity, posts and their counters, a person's follower counts, and the like
// counts of an open post's comments.

import { subscribeToActivity, type ActivityListener } from '@shared/data/activity'
import { subscribeToCommentCounts, type CommentCountsListener } from '@shared/data/comment-likes'
import { refreshRealtimeAuth, subscribeToPosts, type PostsListener } from '@shared/data/live-posts'
import { subscribeToProfileCounts, type ProfileCountsListener } from '@shared/data/live-profiles'
import type { Bind, Bound, Subscribe, Unsubscribe } from './binding'

export interface LiveServices {
  activity(userId: string, listener: ActivityListener): Unsubscribe
  posts(listener: PostsListener): Unsubscribe
  /** One person's follower and following counts, as follows and unfollows happen. */
  profileCounts(profileId: string, listener: ProfileCountsListener): Unsubscribe
  /** The like counts of one post's comments. */
  commentCounts(postId: string, listener: CommentCountsListener): Unsubscribe
  /** Sends the current access token to realtime (after a session change). */
  refreshAuth: Bound<typeof refreshRealtimeAuth>
}

export function createLiveServices(bind: Bind, subscribe: Subscribe): LiveServices {
  return {
    activity: subscribe(subscribeToActivity),
    posts: subscribe(subscribeToPosts),
    profileCounts: subscribe(subscribeToProfileCounts),
    commentCounts: subscribe(subscribeToCommentCounts),
    refreshAuth: bind(refreshRealtimeAuth)
  }
}
