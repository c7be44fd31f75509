// Pure changes to the one copy of each post (see postsStore.ts): easy to test, and the store
// stays a thin sequence of "apply, call, reconcile or roll back".

import type { Post } from '@shared/domain'
import type { PostRow } from '../../services/types'

export interface PostEntities {
  byId: Readonly<Record<string, Post>>
  /** The signed-in user's like of each post whose state is known; absent while unknown. */
  liked: Readonly<Record<string, boolean>>
  /** Posts whose like is on its way: the server's answer, not a live event, settles the count. */
  likingIds: ReadonlySet<string>
  /**
   * Posts with one of the user's comments (or deletions) on its way, and how many. A live event
   * may come before or after the write's own answer, so while one is on its way the comment
   * count moves only by the user's own change, never by both.
   */
  commentingIds: Readonly<Record<string, number>>
  /**
   * How many of the user's own like and comment changes have settled (`countsMark`), and the
   * number of the last one on each post: a read sent before it (its mark is lower) may predate
   * the change, so its counts do not replace the held ones.
   */
  countsMark?: number
  countsSettled?: Readonly<Record<string, number>>
}

/** A read's mark: the own count changes settled when it was sent. */
export type ReadMark = number

/** Whether a read sent at `mark` predates the last own count change settled on `postId`. */
function predates(state: PostEntities, postId: string, mark: ReadMark | undefined): boolean {
  return mark !== undefined && (state.countsSettled?.[postId] ?? 0) > mark
}

/** The entities with one more own count change settled on `postId`. */
export function withCountsSettled(state: PostEntities, postId: string): Partial<PostEntities> {
  const countsMark = (state.countsMark ?? 0) + 1
  return { countsMark, countsSettled: { ...state.countsSettled, [postId]: countsMark } }
}

/**
 * The entities with `posts` taken in. Lists read different columns (a grid reads no author or
 * photos), so a row's fields replace the held ones and the fields it lacks are kept. A post whose
 * like or comment change is in flight keeps that count: a read answered meanwhile may predate it,
 * and the change's answer settles the count. So does a post whose change settled after the read
 * was sent (`mark`, when the reader gives it).
 */
export function withPosts(
  state: PostEntities,
  posts: readonly Post[],
  mark?: ReadMark
): Pick<PostEntities, 'byId'> {
  if (posts.length === 0) return { byId: state.byId }
  const byId = { ...state.byId }
  for (const post of posts) {
    const held = byId[post.id]
    if (!held) {
      byId[post.id] = post
      continue
    }
    const older = predates(state, post.id, mark)
    byId[post.id] = {
      ...held,
      ...post,
      likes_count: older || state.likingIds.has(post.id) ? held.likes_count : post.likes_count,
      comments_count:
        older || state.commentingIds[post.id] ? held.comments_count : post.comments_count
    }
  }
  return { byId }
}

/** The liked map with what the server said of `postIds` (likes in flight keep theirs). */
export function withLikedStates(
  state: PostEntities,
  postIds: readonly string[],
  likedIds: ReadonlySet<string>
): Pick<PostEntities, 'liked'> {
  const liked = { ...state.liked }
  for (const id of postIds) if (!state.likingIds.has(id)) liked[id] = likedIds.has(id)
  return { liked }
}

/** Marks the post liked or not and moves its count by one; a no-op when already in that state. */
export function applyLike(
  state: PostEntities,
  postId: string,
  liked: boolean
): Partial<PostEntities> {
  if (state.liked[postId] === liked) return {}
  const post = state.byId[postId]
  const delta = liked ? 1 : -1
  return {
    liked: { ...state.liked, [postId]: liked },
    byId: post
      ? { ...state.byId, [postId]: { ...post, likes_count: Math.max(0, post.likes_count + delta) } }
      : state.byId
  }
}

/** Takes the server's counter, which also counts other people's likes made meanwhile. */
export function withLikeCount(
  state: PostEntities,
  postId: string,
  likesCount: number
): Partial<PostEntities> {
  const post = state.byId[postId]
  if (!post || post.likes_count === likesCount) return {}
  return { byId: { ...state.byId, [postId]: { ...post, likes_count: likesCount } } }
}

/**
 * Takes a changed row's like and comment counts into the post, if held. While the user's own
 * like is in flight the like count stays (its answer settles it; the event may predate it),
 * while the comment count is still news.
 */
export function withCounters(
  state: PostEntities,
  row: PostRow,
  mark?: ReadMark
): Partial<PostEntities> {
  const post = state.byId[row.id]
  if (!post) return {}
  const older = predates(state, row.id, mark)
  const likes_count = older || state.likingIds.has(row.id) ? post.likes_count : row.likes_count
  const comments_count =
    older || state.commentingIds[row.id] ? post.comments_count : row.comments_count
  if (post.likes_count === likes_count && post.comments_count === comments_count) return {}
  return {
    byId: { ...state.byId, [row.id]: { ...post, likes_count, comments_count } }
  }
}

/** Only the posts some list still holds (and their likes): memory stays bounded by the lists. */
export function retained(
  state: PostEntities,
  held: ReadonlySet<string>
): Pick<PostEntities, 'byId' | 'liked'> {
  const byId: Record<string, Post> = {}
  const liked: Record<string, boolean> = {}
  for (const id of held) {
    const post = state.byId[id]
    if (post) byId[id] = post
    if (id in state.liked) liked[id] = state.liked[id]
  }
  return { byId, liked }
}

export function withMember(
  set: ReadonlySet<string>,
  id: string,
  member: boolean
): ReadonlySet<string> {
  if (set.has(id) === member) return set
  const next = new Set(set)
  if (member) next.add(id)
  else next.delete(id)
  return next
}
