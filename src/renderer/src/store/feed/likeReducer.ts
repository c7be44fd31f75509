// Pure state changes for the optimistic like (docs/product.md, "Likes"): easy to test, and the
// store stays a thin sequence of "apply, call, reconcile or roll back".

import type { Post } from '@shared/domain'

export interface LikeSlice {
  posts: Post[]
  likedIds: ReadonlySet<string>
}

function withMember(set: ReadonlySet<string>, id: string, member: boolean): ReadonlySet<string> {
  if (set.has(id) === member) return set
  const next = new Set(set)
  if (member) next.add(id)
  else next.delete(id)
  return next
}

/** Marks the post liked or not and moves its count by one; a no-op when already in that state. */
export function applyLike(state: LikeSlice, postId: string, liked: boolean): LikeSlice {
  if (state.likedIds.has(postId) === liked) return state
  const delta = liked ? 1 : -1
  return {
    likedIds: withMember(state.likedIds, postId, liked),
    posts: state.posts.map((post) =>
      post.id === postId ? { ...post, likes_count: Math.max(0, post.likes_count + delta) } : post
    )
  }
}

/** The liked ids with `postId` liked or not (the post's count is changed elsewhere). */
export function withLiked(
  likedIds: ReadonlySet<string>,
  postId: string,
  liked: boolean
): ReadonlySet<string> {
  return withMember(likedIds, postId, liked)
}

/** Takes the server's counter, which also counts other people's likes made meanwhile. */
export function reconcileLikeCount(posts: Post[], postId: string, likesCount: number): Post[] {
  return posts.map((post) =>
    post.id === postId && post.likes_count !== likesCount
      ? { ...post, likes_count: likesCount }
      : post
  )
}

export function markLiking(
  ids: ReadonlySet<string>,
  postId: string,
  busy: boolean
): ReadonlySet<string> {
  return withMember(ids, postId, busy)
}
