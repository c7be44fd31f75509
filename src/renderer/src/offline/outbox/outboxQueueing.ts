// Putting actions in the queue: loading a user's queue at start, `run` (send now or queue),
// `enqueue` (collapsing with a queued opposite) and wiping a user's queue at sign-out.

import { messageOr } from '@shared/errors'
import { collapse, type OutboxItem } from './actions'
import { classifyFailure } from './failures'
import { removeItem, scheduleRetry } from './outboxSending'
import { clearRetry, type OutboxContext, type OutboxState } from './outboxTypes'

export function queueActions(
  ctx: OutboxContext
): Pick<OutboxState, 'start' | 'run' | 'enqueue' | 'wipe'> {
  const { deps, get, set } = ctx
  return {
    async start(userId) {
      clearRetry(ctx)
      set({ userId, items: [], sendingSeq: null })
      if (!userId) return
      let items: OutboxItem[]
      try {
        items = await (await ctx.db()).list(userId)
      } catch (error) {
        // No IndexedDB (a locked-down browser): actions are still sent, just not kept.
        console.warn('The outbox is unavailable:', messageOr(error, 'unknown error'))
        return
      }
      if (get().userId !== userId) return
      // An action queued while the list was read is kept: it may or may not be in the list.
      set((state) => {
        const listed = new Set(items.map((item) => item.seq))
        return { items: [...items, ...state.items.filter((item) => !listed.has(item.seq))] }
      })
      await get().flush()
    },

    async run(action, send, apply) {
      const offline = deps.connectivity.getState().status === 'offline'
      if (offline || get().items.length > 0) {
        await get().enqueue(action)
        apply?.()
        return { status: 'queued' }
      }
      apply?.()
      try {
        return { status: 'sent', result: await send() }
      } catch (error) {
        if (classifyFailure(error) !== 'retry') throw error
        deps.connectivity.getState().reportUnreachable()
        await get().enqueue(action)
        return { status: 'queued' }
      }
    },

    async enqueue(action) {
      const userId = get().userId
      if (!userId) throw new Error('Sign in to do that')
      const waiting = get().items.filter((item) => item.seq !== get().sendingSeq)
      const { cancel, append } = collapse(waiting, action)
      if (cancel) await removeItem(ctx, cancel)
      if (append) {
        const item = await (await ctx.db()).add(userId, action, ctx.now())
        if (get().userId === userId) set((state) => ({ items: [...state.items, item] }))
      }
      // Behind a failing send, wait for its back-off. Offline, the back-off's retry is how the
      // outbox finds out the backend is back even when nothing else tells it.
      if (ctx.pass.retryTimer) return
      if (deps.connectivity.getState().status === 'online') void get().flush()
      else scheduleRetry(ctx, Math.max(get().items[0]?.attempts ?? 1, 1))
    },

    async wipe(userId) {
      await (await ctx.db()).wipeUser(userId)
      if (get().userId === userId) set({ items: [] })
    }
  }
}
