// How each queued action reaches the server: the same data-layer operations the stores call
// online, with the ids and states the action carries, so a resend is harmless.

import type { Api } from '@shared/bridge-contract'
import type { Services } from '../../services'
import type { OutboxAction } from './actions'

export interface SenderDeps {
  getUserId(): string | null
  /** New posts go through the platform (main in the desktop app), as when made online. */
  posts: Pick<Api['posts'], 'create'>
  likes: Pick<Services['likes'], 'setLike'>
  people: Pick<Services['people'], 'follow' | 'unfollow'>
  saves: Pick<Services['saves'], 'save' | 'unsave'>
  comments: Pick<Services['comments'], 'add'>
}

export function createSender(deps: SenderDeps): (action: OutboxAction) => Promise<unknown> {
  return async (action) => {
    const userId = deps.getUserId()
    if (!userId) throw new Error('Sign in to send this')
    switch (action.kind) {
      case 'post':
        // Made as the account that queued it, or refused (another account became current).
        return deps.posts.create({ ...action.input, authorId: userId })
      case 'like':
        return deps.likes.setLike(action.postId, action.liked)
      case 'follow':
        return action.following
          ? deps.people.follow(userId, action.userId)
          : deps.people.unfollow(userId, action.userId)
      case 'save':
        return action.saved
          ? deps.saves.save(userId, action.postId)
          : deps.saves.unsave(userId, action.postId)
      case 'comment':
        return deps.comments.add({
          id: action.id,
          postId: action.postId,
          userId,
          body: action.body,
          parentId: action.parentId
        })
    }
  }
}
