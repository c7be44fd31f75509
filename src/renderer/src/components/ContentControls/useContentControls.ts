// What the reader's own controls do to what they read: whether a text holds one of their muted
// words (never their own posts), and the like line under a post when like counts are hidden.

import type { Post } from '@shared/domain'
import { formatLikesLabel } from '@shared/format'
import { firstWordIn } from '@shared/word-match'
import { useControls, useSession } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'

/** The muted word `text` contains, or null; someone's own writing is never hidden from them. */
export function useMutedWord(
  text: string | null | undefined,
  authorId: string | undefined
): string | null {
  const words = useControls((state) => state.words.mute)
  const own = useSession(selectUserId) === authorId
  return own ? null : firstWordIn(text, words)
}

/** Whether the reader sees "Liked by others" instead of the number: the author hid it on this
 * post, or the reader hides counts on others' posts. The author always sees the number. */
export function likeCountHidden(
  post: Pick<Post, 'user_id' | 'hide_like_count'>,
  viewerId: string | null,
  hideAll: boolean
): boolean {
  return viewerId !== post.user_id && (post.hide_like_count === true || hideAll)
}

/** The count's text under the post's actions, or null when there is nothing to say. */
export function likesLine(
  post: Pick<Post, 'user_id' | 'likes_count' | 'hide_like_count'>,
  viewerId: string | null,
  hideAll: boolean
): string | null {
  if (!likeCountHidden(post, viewerId, hideAll)) return formatLikesLabel(post.likes_count)
  return post.likes_count > 0 ? 'Liked by others' : null
}

export function useLikeCountHidden(
  post: Pick<Post, 'user_id' | 'hide_like_count'> | undefined
): boolean {
  const viewerId = useSession(selectUserId)
  const hideAll = useControls((state) => state.settings.hide_like_counts)
  return post ? likeCountHidden(post, viewerId, hideAll) : false
}
