// Sending the queue: one item at a time, in order; a network failure pauses the pass behind a
// back-off retry, a refusal (or a deleted target) drops the item with one message.

import { messageOr } from '@shared/errors'
import { POST_ACCOUNT_SWITCHED_MESSAGE } from '../../services/rules'
import { phrase } from '../../i18n/phrase'
import { describeAction, targetPostId, type OutboxItem } from './actions'
import { backoffDelay, classifyFailure, DEFAULT_BACKOFF } from './failures'
import { clearRetry, type OutboxContext, type OutboxState } from './outboxTypes'

export async function removeItem(ctx: OutboxContext, item: OutboxItem): Promise<void> {
  await (await ctx.db()).remove(item.seq)
  ctx.set((state) => ({ items: state.items.filter((other) => other.seq !== item.seq) }))
}

export function scheduleRetry(ctx: OutboxContext, attempts: number): void {
  if (ctx.pass.retryTimer) clearTimeout(ctx.pass.retryTimer)
  ctx.pass.retryTimer = setTimeout(
    () => {
      ctx.pass.retryTimer = null
      void ctx.get().flush()
    },
    backoffDelay(attempts, ctx.random, ctx.deps.backoff ?? DEFAULT_BACKOFF)
  )
}

async function drop(
  ctx: OutboxContext,
  item: OutboxItem,
  kind: 'gone' | 'refused',
  error: unknown
): Promise<void> {
  const { deps, saidGone } = ctx
  await removeItem(ctx, item)
  deps.onDropped?.(item.action)
  const what = describeAction(item.action)
  if (kind === 'refused') {
    const reason = messageOr(error, '') || phrase('outbox.serverRefused')
    deps.notify(phrase(`outbox.refused.${what}`, { reason }))
    return
  }
  const postId = targetPostId(item.action) ?? what
  if (saidGone.has(postId)) return
  saidGone.add(postId)
  deps.notify(
    what === 'follow' || what === 'unfollow'
      ? phrase(`outbox.accountGone.${what}`)
      : phrase(`outbox.postGone.${what}`)
  )
}

/** Sends the head of the queue; false when the network failed and sending must pause. */
async function sendHead(ctx: OutboxContext, item: OutboxItem, userId: string): Promise<boolean> {
  const { deps, get, set } = ctx
  set({ sendingSeq: item.seq })
  let result: unknown
  try {
    result = await deps.send(item.action)
  } catch (error) {
    // Another account became current while this was on its way (main refuses a queued post
    // made as someone else): it stays queued, untouched, for its own account.
    if (get().userId !== userId || messageOr(error, '') === POST_ACCOUNT_SWITCHED_MESSAGE) {
      return false
    }
    const kind = classifyFailure(error)
    if (kind !== 'retry') {
      await drop(ctx, item, kind, error)
      return true
    }
    const failed = { ...item, attempts: item.attempts + 1 }
    await (await ctx.db()).update(failed)
    if (get().userId === userId) {
      set((state) => ({
        items: state.items.map((other) => (other.seq === item.seq ? failed : other))
      }))
    }
    deps.connectivity.getState().reportUnreachable()
    scheduleRetry(ctx, failed.attempts)
    return false
  }
  deps.connectivity.getState().reportReachable()
  await removeItem(ctx, item)
  deps.onSent?.(item.action, result)
  return true
}

async function sendAll(ctx: OutboxContext): Promise<void> {
  const { get, set } = ctx
  const userId = get().userId
  if (!userId) return
  try {
    for (;;) {
      const head = get().items[0]
      // Signed out or switched user meanwhile: the other user's queue is not ours to send.
      if (!head || get().userId !== userId) return
      if (!(await sendHead(ctx, head, userId))) return
    }
  } finally {
    set({ sendingSeq: null })
  }
}

export function sendingActions(ctx: OutboxContext): Pick<OutboxState, 'flush'> {
  const { pass } = ctx
  return {
    flush() {
      clearRetry(ctx)
      // One pass at a time; a call during a pass makes it look again when it ends.
      if (pass.flushing) {
        pass.again = true
        return pass.flushing
      }
      pass.flushing = (async () => {
        do {
          pass.again = false
          try {
            await sendAll(ctx)
          } catch (error) {
            // The database failed (quota, closed): the items stay for the next start.
            console.error('Could not send queued actions', error)
            return
          }
        } while (pass.again && !pass.retryTimer)
      })().finally(() => {
        pass.flushing = null
      })
      return pass.flushing
    }
  }
}
