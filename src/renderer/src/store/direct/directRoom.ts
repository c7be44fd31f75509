// The open thread's room: who is present ("Active now") and who is typing, kept on the open
// thread's state while it is open. One room at a time: opening another thread leaves the last.

import { TYPING_SHOWN_MS } from '../../services/rules'
import type { ThreadRoom } from '../../services/types'
import type { DirectDeps, DirectState } from './directTypes'

type Set = (partial: Partial<DirectState> | ((state: DirectState) => Partial<DirectState>)) => void

export function createRoomKeeper(deps: DirectDeps, set: Set, get: () => DirectState) {
  let room: ThreadRoom | null = null
  let expiry: ReturnType<typeof setTimeout> | null = null

  const patch = (
    threadId: string,
    change: (open: NonNullable<DirectState['open']>) => Partial<NonNullable<DirectState['open']>>
  ): void =>
    set((state) =>
      state.open?.id === threadId ? { open: { ...state.open, ...change(state.open) } } : {}
    )

  return {
    enter(threadId: string): void {
      this.leave()
      const userId = get().userId
      if (!userId) return
      room = deps.direct.room(threadId, userId, {
        onPresent: (present) => patch(threadId, () => ({ present })),
        onTyping: (typist) => {
          patch(threadId, (open) => ({
            typingUntil: { ...open.typingUntil, [typist]: Date.now() + TYPING_SHOWN_MS }
          }))
          // Dropped once it lapses, so "typing…" goes away without another event.
          if (expiry) clearTimeout(expiry)
          expiry = setTimeout(
            () =>
              patch(threadId, (open) => ({
                typingUntil: Object.fromEntries(
                  Object.entries(open.typingUntil).filter(([, until]) => until > Date.now())
                )
              })),
            TYPING_SHOWN_MS + 50
          )
        }
      })
    },
    leave(): void {
      void room?.leave()
      room = null
      if (expiry) clearTimeout(expiry)
      expiry = null
    },
    typing(): void {
      room?.typing()
    }
  }
}
