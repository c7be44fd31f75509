// What the outbox holds: one user action the server has not confirmed yet, with everything
// needed to send it again after a reload (a new post keeps its processed bytes and caption).
// Writes that could be repeated carry a client-chosen id or set a state, so a resend after a
// lost answer lands on the same result.

import type { CreatePostInput } from '@shared/bridge-contract'

export type OutboxAction =
  | { kind: 'like'; postId: string; liked: boolean }
  | { kind: 'save'; postId: string; saved: boolean }
  | { kind: 'follow'; userId: string; following: boolean }
  | { kind: 'comment'; id: string; postId: string; body: string; parentId: string | null }
  /** A post of one or more photos; `input.id` is the post's id. */
  | { kind: 'post'; input: CreatePostInput & { id: string } }

export interface OutboxItem {
  /** Increasing with each item queued: the order they are sent in. */
  seq: number
  userId: string
  action: OutboxAction
  queuedAt: number
  /** Failed sends so far (network or server trouble), for the back-off. */
  attempts: number
}

/** The action's target, where two actions of one kind on it cancel or replace each other. */
function settingKey(action: OutboxAction): string | null {
  switch (action.kind) {
    case 'like':
    case 'save':
      return `${action.kind}:${action.postId}`
    case 'follow':
      return `follow:${action.userId}`
    default:
      return null
  }
}

/** The state a like, save or follow sets. */
function settingValue(action: OutboxAction): boolean | null {
  if (action.kind === 'like') return action.liked
  if (action.kind === 'save') return action.saved
  if (action.kind === 'follow') return action.following
  return null
}

/**
 * What queueing `next` does to the unsent (not in flight) items: a like, save or follow that
 * undoes a queued one cancels both (the server never saw the first, so it already has the state
 * asked for); one that repeats a queued one adds nothing; any other action is appended.
 */
export function collapse(
  queued: readonly OutboxItem[],
  next: OutboxAction
): { cancel: OutboxItem | null; append: boolean } {
  const key = settingKey(next)
  if (key === null) return { cancel: null, append: true }
  const earlier = [...queued].reverse().find((item) => settingKey(item.action) === key)
  if (!earlier) return { cancel: null, append: true }
  if (settingValue(earlier.action) === settingValue(next)) return { cancel: null, append: false }
  return { cancel: earlier, append: false }
}

export type ActionName =
  'like' | 'unlike' | 'save' | 'unsave' | 'follow' | 'unfollow' | 'comment' | 'post'

/** The action's name, which picks the messages shown when it cannot be sent. */
export function describeAction(action: OutboxAction): ActionName {
  switch (action.kind) {
    case 'like':
      return action.liked ? 'like' : 'unlike'
    case 'save':
      return action.saved ? 'save' : 'unsave'
    case 'follow':
      return action.following ? 'follow' : 'unfollow'
    case 'comment':
      return 'comment'
    case 'post':
      return 'post'
  }
}

/** The post the action is about, when it is about one (for "that post was deleted"). */
export function targetPostId(action: OutboxAction): string | null {
  return action.kind === 'like' || action.kind === 'save' || action.kind === 'comment'
    ? action.postId
    : null
}
