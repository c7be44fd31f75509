// The posts the reader has seen (docs/product.md, "Feed"): a card half in view for about a second
// is noted here, and the notes go to the backend together, one request per SEEN_POSTS_FLUSH_MS
// at most, so scrolling a feed never costs a request per card. A post is sent once per session;
// a failed send keeps its posts for the next one (what is seen is a hint for the "caught up"
// marker, so a lost note costs no more than a post shown as new again).

import { createStore, type StoreApi } from 'zustand/vanilla'
import { MAX_SEEN_POSTS_PER_CALL, SEEN_POSTS_FLUSH_MS } from '@shared/limits'
import type { Services } from '../../services'

export interface SeenPostsState {
  /** Posts noted and not yet sent. */
  pending: readonly string[]
  /** Notes a post seen; sent with the others after a moment (nothing for a visitor). */
  mark(postId: string): void
  /** Sends what is pending now (the timer does this by itself). */
  flush(): Promise<void>
  /** Another user: what was noted for the last one is not theirs. */
  reset(): void
}

export type SeenPostsStore = StoreApi<SeenPostsState>

export interface SeenPostsDeps {
  seenPosts: Pick<Services['seenPosts'], 'mark'>
  getUserId(): string | null
  flushMs?: number
}

export function createSeenPostsStore({
  seenPosts,
  getUserId,
  flushMs = SEEN_POSTS_FLUSH_MS
}: SeenPostsDeps): SeenPostsStore {
  return createStore<SeenPostsState>()((set, get) => {
    /** Sent (or being sent) this session: noted again, they are not sent again. */
    let sent = new Set<string>()
    let timer: ReturnType<typeof setTimeout> | null = null
    let generation = 0

    const schedule = (): void => {
      if (timer === null) timer = setTimeout(() => void get().flush(), flushMs)
    }

    return {
      pending: [],

      mark(postId) {
        if (getUserId() === null || sent.has(postId) || get().pending.includes(postId)) return
        set((state) => ({ pending: [...state.pending, postId] }))
        if (get().pending.length >= MAX_SEEN_POSTS_PER_CALL) void get().flush()
        else schedule()
      },

      async flush() {
        if (timer !== null) clearTimeout(timer)
        timer = null
        const batch = get().pending
        if (batch.length === 0) return
        const token = generation
        set({ pending: [] })
        for (const id of batch) sent.add(id)
        try {
          await seenPosts.mark(batch)
        } catch {
          if (token !== generation) return
          // Sent again with the next post noted (no retry loop while the backend is away).
          for (const id of batch) sent.delete(id)
          set((state) => ({ pending: [...batch, ...state.pending] }))
        }
      },

      reset() {
        generation++
        if (timer !== null) clearTimeout(timer)
        timer = null
        sent = new Set()
        set({ pending: [] })
      }
    }
  })
}
