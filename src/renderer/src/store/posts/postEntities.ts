// Pure changes to the one copy of each post (see postsStore.ts): easy to test, and the store
// stays a thin sequence of "apply, call, reconcile or roll back".

import type { Post } from '@shared/domain'
import type { PostCounts } from '../../services/types'

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
   * How many count changes were taken (`countsMark`): the user's own like and comment changes as
   * they settle, and live counts as they arrive; and the number of the last one of each count of
   * each post (`countsSettled`). A read sent before it (its mark is lower) may predate that
   * change, so its count does not replace the held one.
   */
  countsMark?: number
  countsSettled?: Readonly<Record<string, Partial<Record<CountField, number>>>>
  /**
   * Counts the live channel (or a read) told of a post while the user's own change of that count
   * was in flight, and which were not taken: the last one heard, or null when a read's (it may
   * predate one heard). When the change settles on another count, the counts are read again.
   */
  countsMissed?: Readonly<Record<string, Partial<Record<CountField, number | null>>>>
  /**
   * The last live counts of posts not held when they came, with their marks (the latest
   * HEARD_KEPT): a read sent before one and answered after takes them, not its older counts.
   */
  countsHeard?: Readonly<Record<string, PostCounts & { mark: number }>>
}

/** How many posts not held keep their last live counts. */
export const HEARD_KEPT = 200

/** The counts of a post that change without its author: likes and comments. */
export type CountField = 'likes_count' | 'comments_count'
export const COUNT_FIELDS: readonly CountField[] = ['likes_count', 'comments_count']

/** A read's mark: the count changes taken when it was sent. */
export type ReadMark = number

/** The mark of a saved copy (the read cache): older than every count held. */
export const SAVED_COPY: ReadMark = -1

/** Whether a read sent at `mark` predates the last change taken of `postId`'s `field`. */
function predates(
  state: PostEntities,
  postId: string,
  field: CountField,
  mark: ReadMark | undefined
): boolean {
  if (mark === undefined) return false
  const settled = state.countsSettled?.[postId]?.[field] ?? 0
  return Math.max(settled, state.countsHeard?.[postId]?.mark ?? 0) > mark
}

/** Whether one of the user's own changes of `postId`'s `field` is on its way. */
function inFlight(state: PostEntities, postId: string, field: CountField): boolean {
  return field === 'likes_count'
    ? state.likingIds.has(postId)
    : Boolean(state.commentingIds[postId])
}

/** The entities with one more change taken of `postId`'s `fields` (both by default). */
export function withCountsSettled(
  state: PostEntities,
  postId: string,
  fields: readonly CountField[] = COUNT_FIELDS
): Partial<PostEntities> {
  const countsMark = (state.countsMark ?? 0) + 1
  const settled = { ...state.countsSettled?.[postId] }
  for (const field of fields) settled[field] = countsMark
  return { countsMark, countsSettled: { ...state.countsSettled, [postId]: settled } }
}

/**
 * The entities with `posts` taken in. Lists read different columns (a grid reads no author or
 * photos), so a row's fields replace the held ones and the fields it lacks are kept. A post whose
 * like or comment change is in flight keeps that count: a read answered meanwhile may predate it,
 * and the change's answer settles the count. So does a count changed (an own change settled, a
 * live count taken) after the read was sent (`mark`, when the reader gives it).
 */
export function withPosts(
  state: PostEntities,
  posts: readonly Post[],
  mark?: ReadMark
): Pick<PostEntities, 'byId'> {
  if (posts.length === 0) return { byId: state.byId }
  const byId = { ...state.byId }
  for (const post of posts) {
    // A post not held yet may have had a live count while the read was on its way.
    const heard = state.countsHeard?.[post.id]
    const held =
      byId[post.id] ??
      (heard && { ...post, likes_count: heard.likes_count, comments_count: heard.comments_count })
    if (!held) {
      byId[post.id] = post
      continue
    }
    const keeps = (field: CountField): boolean =>
      predates(state, post.id, field, mark) || inFlight(state, post.id, field)
    byId[post.id] = {
      ...held,
      ...post,
      likes_count: keeps('likes_count') ? held.likes_count : post.likes_count,
      comments_count: keeps('comments_count') ? held.comments_count : post.comments_count
    }
  }
  return { byId }
}

/** The liked map with what the server said of `postIds` (likes in flight keep theirs). */
export function withLikedStates(
  state: PostEntities,
  postIds: readonly string[],
  likedIds: ReadonlySet<string>,
  mark?: ReadMark
): Pick<PostEntities, 'liked'> {
  const liked = { ...state.liked }
  for (const id of postIds) {
    // A like in flight is settled by its answer; a liked state known already is kept against a
    // read that may predate the user's own like settling (or a live like count: the change is
    // not told apart, and the held state stays).
    const keeps =
      inFlight(state, id, 'likes_count') ||
      (liked[id] !== undefined && predates(state, id, 'likes_count', mark))
    if (!keeps) liked[id] = likedIds.has(id)
  }
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
 * Takes a post's counts, if held: a live event's (no `mark`) or a read's sent at `mark`. A count
 * of the user's own change in flight stays (its answer settles it; the event may predate it) and
 * is noted as missed; a read's count changed since it was sent stays. A live event's counts take
 * a mark, so a read sent before it and answered after does not put older counts back.
 */
export function withCounters(
  state: PostEntities,
  row: PostCounts,
  mark?: ReadMark
): Partial<PostEntities> {
  const post = state.byId[row.id]
  if (!post) return mark === undefined ? withHeard(state, row) : {}
  const live = mark === undefined
  const next = { ...post }
  const heard = state.countsMissed?.[row.id]
  let missed = heard
  for (const field of COUNT_FIELDS) {
    if (predates(state, row.id, field, mark)) continue
    if (!inFlight(state, row.id, field)) next[field] = row[field]
    else missed = { ...missed, [field]: live ? row[field] : null }
  }
  const countsMissed = missed && { ...state.countsMissed, [row.id]: missed }
  const changed = COUNT_FIELDS.some((field) => next[field] !== post[field])
  return {
    ...(live ? withCountsSettled(state, row.id) : {}),
    ...(missed === heard ? {} : { countsMissed }),
    ...(changed ? { byId: { ...state.byId, [row.id]: next } } : {})
  }
}

/** Keeps the live counts of a post not held, with a mark, among the latest HEARD_KEPT. */
function withHeard(state: PostEntities, row: PostCounts): Partial<PostEntities> {
  const countsMark = (state.countsMark ?? 0) + 1
  const { id, likes_count, comments_count } = row
  const kept = Object.entries(state.countsHeard ?? {}).filter(([other]) => other !== id)
  const countsHeard = Object.fromEntries([
    ...kept.slice(-(HEARD_KEPT - 1)),
    [id, { id, likes_count, comments_count, mark: countsMark }]
  ])
  return { countsMark, countsHeard }
}

/**
 * Takes out what was missed of `postId`'s `field` while the user's own change of it was in flight,
 * now that it settled: `stale` when a count heard meanwhile is not the one held now (someone
 * else's change came too, or a read told a count it could not take), so the counts need a read.
 */
export function withMissedSettled(
  state: PostEntities,
  postId: string,
  field: CountField
): { stale: boolean; change: Partial<PostEntities> } {
  const missed = state.countsMissed?.[postId]
  if (!missed || !(field in missed)) return { stale: false, change: {} }
  const { [field]: heard, ...rest } = missed
  const countsMissed = { ...state.countsMissed }
  if (Object.keys(rest).length > 0) countsMissed[postId] = rest
  else delete countsMissed[postId]
  const post = state.byId[postId]
  return { stale: post !== undefined && heard !== post[field], change: { countsMissed } }
}

/** Only the posts some list still holds (and their likes): memory stays bounded by the lists. */
export function retained(
  state: PostEntities,
  held: ReadonlySet<string>
): Pick<PostEntities, 'byId' | 'liked' | 'countsSettled' | 'countsMissed'> {
  const byId: Record<string, Post> = {}
  const liked: Record<string, boolean> = {}
  for (const id of held) {
    const post = state.byId[id]
    if (post) byId[id] = post
    if (id in state.liked) liked[id] = state.liked[id]
  }
  return {
    byId,
    liked,
    ...(state.countsSettled && { countsSettled: heldOnly(state.countsSettled, held) }),
    ...(state.countsMissed && { countsMissed: heldOnly(state.countsMissed, held) })
  }
}

function heldOnly<T>(
  byPost: Readonly<Record<string, T>>,
  held: ReadonlySet<string>
): Record<string, T> {
  return Object.fromEntries(Object.entries(byPost).filter(([id]) => held.has(id)))
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
