// A post's like and comment counts converge to the server's: the user's own changes move them
// once (settled by their answers), live counts and reads take marks so an older one never puts
// its counts back, and a count heard while the user's own change was in flight (someone else's
// change, ignored then) is read again once that change settles on a different count.

import {
  withCounters,
  withCountsSettled,
  withMissedSettled,
  type CountField,
  type PostEntities
} from './postEntities'
import type { PostsContext, PostsState } from './postsTypes'

/**
 * After the user's own change of `postId`'s `field` settled (none left in flight): reads the
 * post's counts once if a count heard meanwhile is not the one held now, and never otherwise.
 */
export async function convergeCounts(
  { deps, get, set }: PostsContext,
  postId: string,
  field: CountField
): Promise<void> {
  const { stale, change } = withMissedSettled(get(), postId, field)
  set(change)
  if (!stale) return
  const mark = get().readMark()
  try {
    const counts = await deps.posts.counts(postId)
    if (counts) set((state) => withCounters(state, counts, mark))
  } catch (error) {
    console.error('Error reading counts', error)
  }
}

export function countActions(
  ctx: PostsContext
): Pick<PostsState, 'readMark' | 'countersChanged' | 'beginCommentChange'> {
  const { get, set } = ctx
  return {
    readMark: () => get().countsMark ?? 0,

    countersChanged: (row, mark) => set((state) => withCounters(state, row, mark)),

    beginCommentChange(postId) {
      const count = (state: PostEntities): number => state.commentingIds[postId] ?? 0
      set((state) => ({
        commentingIds: { ...state.commentingIds, [postId]: count(state) + 1 }
      }))
      return (delta) => {
        set((state) => {
          const commentingIds = { ...state.commentingIds, [postId]: count(state) - 1 }
          if (commentingIds[postId] <= 0) delete commentingIds[postId]
          const post = state.byId[postId]
          if (!post || delta === 0) return { commentingIds }
          const comments_count = Math.max(post.comments_count + delta, 0)
          return {
            commentingIds,
            ...withCountsSettled(state, postId, ['comments_count']),
            byId: { ...state.byId, [postId]: { ...post, comments_count } }
          }
        })
        if (!get().commentingIds[postId]) void convergeCounts(ctx, postId, 'comments_count')
      }
    }
  }
}
