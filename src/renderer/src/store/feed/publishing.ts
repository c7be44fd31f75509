// Publishing from the feed: a new post (one photo or ten, one way: src/shared/data/post-create.ts)
// is sent, or queued with a preview shown while offline, and goes on top either way.

import type { Post } from '@shared/domain'
import { newRowId } from '../../services/rules'
import { sendOrQueue } from '../../offline/outbox/outboxStore'
import type { FeedContext, FeedState } from './feedTypes'

export function publishingActions(ctx: FeedContext): Pick<FeedState, 'createPost'> {
  return {
    async createPost(input) {
      // The id is chosen here, so a resend of this post can never make a second one.
      const withId = { ...input, id: input.id ?? newRowId() }
      const send = (): Promise<Post> => ctx.deps.createPost(withId)
      const outcome = await sendOrQueue(
        ctx.deps.outbox?.queue,
        { kind: 'post', input: withId },
        send
      )
      const post = outcome.status === 'sent' ? outcome.result : ctx.deps.outbox!.preview(withId)
      ctx.get().postCreated(post)
      ctx.deps.onPostCreated?.(post)
      return post
    }
  }
}
