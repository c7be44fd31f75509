// Publishing from the feed: a new post or carousel is sent, or queued with a preview shown while
// offline, and goes on top either way. Kept apart, unchanged, for the one upload pipeline.

import type { CreateCarouselInput } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import { newRowId } from '@shared/data/idempotent'
import { sendOrQueue } from '../../offline/outbox/outboxStore'
import { asCarouselInput } from '../../offline/outbox/previews'
import type { FeedContext, FeedState } from './feedTypes'

export function publishingActions(
  ctx: FeedContext
): Pick<FeedState, 'createPost' | 'createCarousel'> {
  /** Sends a new post, or queues it and shows its preview; either way it goes on top. */
  async function publish(
    input: CreateCarouselInput & { id: string },
    send: () => Promise<Post>
  ): Promise<Post> {
    const outcome = await sendOrQueue(ctx.deps.outbox?.queue, { kind: 'post', input }, send)
    const post = outcome.status === 'sent' ? outcome.result : ctx.deps.outbox!.preview(input)
    ctx.get().postCreated(post)
    ctx.deps.onPostCreated?.(post)
    return post
  }

  return {
    async createPost(input) {
      // The id is chosen here, so a resend of this post can never make a second one.
      const withId = { ...input, id: input.id ?? newRowId() }
      return publish({ ...asCarouselInput(withId), id: withId.id }, () =>
        ctx.deps.createPost(withId)
      )
    },

    async createCarousel(input) {
      const withId = { ...input, id: input.id ?? newRowId() }
      return publish(withId, () => ctx.deps.createCarousel(withId))
    }
  }
}
