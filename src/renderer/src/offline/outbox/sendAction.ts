// How each queued action reaches the server: the same data-layer operations the stores call
// online, with the ids and states the action carries, so a resend is harmless.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import { addComment } from '@shared/data/comments'
import { follow, unfollow } from '@shared/data/follows'
import { setPostLike } from '@shared/data/likes'
import { savePost, unsavePost } from '@shared/data/saves'
import type { OutboxAction } from './actions'

export interface SenderDeps {
  getClient(): Promise<SupabaseClient>
  getUserId(): string | null
  /** New posts go through the platform (main in the desktop app), as when made online. */
  posts: Pick<Api['posts'], 'createCarousel'>
}

export function createSender(deps: SenderDeps): (action: OutboxAction) => Promise<unknown> {
  return async (action) => {
    const userId = deps.getUserId()
    if (!userId) throw new Error('Sign in to send this')
    if (action.kind === 'post') return deps.posts.createCarousel(action.input)
    const client = await deps.getClient()
    switch (action.kind) {
      case 'like':
        return setPostLike(client, action.postId, action.liked)
      case 'save':
        return action.saved
          ? savePost(client, userId, action.postId)
          : unsavePost(client, userId, action.postId)
      case 'follow':
        return action.following
          ? follow(client, userId, action.userId)
          : unfollow(client, userId, action.userId)
      case 'comment':
        return addComment(client, {
          id: action.id,
          postId: action.postId,
          userId,
          body: action.body,
          parentId: action.parentId
        })
    }
  }
}
