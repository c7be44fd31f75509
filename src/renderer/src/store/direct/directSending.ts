// Sending with an id chosen before the first attempt: the message shows at once with a pending
// mark, and a send that could not reach the backend stays queued and is tried again, with the
// same id, each time the app is back online, so it is delivered exactly once. A send the backend
// refused is taken back and the reason shown.

import { newRowId } from '../../services/rules'
import type { DirectDraft, DirectMessage, DirectPhoto, OutgoingMessage } from '../../services/types'
import { isNetworkError, onConnectivity } from '../../offline/connectivityStore'
import type { DirectDeps, DirectState } from './directTypes'

interface Queued {
  outgoing: OutgoingMessage
  /** The message as shown with its pending mark (shown again if its thread is reopened). */
  shown: DirectMessage
  run(outgoing: OutgoingMessage): Promise<DirectMessage>
}

type Set = (partial: Partial<DirectState> | ((state: DirectState) => Partial<DirectState>)) => void

/** The message as its sender sees it before the server answered. */
function optimistic(
  outgoing: OutgoingMessage,
  draft: DirectDraft | null,
  photo?: string
): DirectMessage {
  return {
    id: outgoing.id,
    thread_id: outgoing.threadId,
    sender_id: outgoing.senderId,
    kind: draft?.kind ?? 'photo',
    body: draft && 'body' in draft ? (draft.body ?? null) : null,
    image_url: photo ?? null,
    thumb_url: null,
    width: null,
    height: null,
    placeholder: null,
    post_id: draft?.kind === 'post' ? draft.postId : null,
    story_id: draft && 'storyId' in draft ? draft.storyId : null,
    created_at: new Date().toISOString(),
    hearts: [],
    pending: true
  }
}

export function createSender(deps: DirectDeps, set: Set, get: () => DirectState) {
  const queue: Queued[] = []
  let flushing = false

  const replace = (id: string, message: DirectMessage | null): void =>
    set((state) => {
      if (!state.open) return {}
      const messages = message
        ? state.open.messages.map((m) => (m.id === id ? message : m))
        : state.open.messages.filter((m) => m.id !== id)
      return { open: { ...state.open, messages } }
    })

  async function flush(): Promise<void> {
    if (flushing) return
    flushing = true
    try {
      while (queue.length > 0) {
        const next = queue[0]
        try {
          const sent = await next.run(next.outgoing)
          queue.shift()
          replace(sent.id, sent)
        } catch (error) {
          if (isNetworkError(error) || deps.connectivity.getState().status === 'offline') {
            deps.connectivity.getState().reportUnreachable()
            return
          }
          queue.shift()
          replace(next.outgoing.id, null)
          deps.notify(error instanceof Error ? error.message : String(error))
        }
      }
    } finally {
      flushing = false
    }
  }

  onConnectivity(deps.connectivity, 'online', () => void flush())

  return {
    /** Queues one message for `threadId` and sends it (now, or once back online). */
    enqueue(
      threadId: string,
      draft: DirectDraft | null,
      run: Queued['run'],
      photoPreview?: string
    ): Promise<void> {
      const userId = get().userId
      if (!userId) return Promise.resolve()
      const outgoing = { id: newRowId(), threadId, senderId: userId }
      const shown = optimistic(outgoing, draft, photoPreview)
      if (get().open?.id === threadId) {
        set((state) => ({
          open: state.open && { ...state.open, messages: [...state.open.messages, shown] }
        }))
      }
      queue.push({ outgoing, shown, run })
      return flush()
    },
    sendDraft(threadId: string, draft: DirectDraft): Promise<void> {
      return this.enqueue(threadId, draft, (outgoing) => deps.direct.send(outgoing, draft))
    },
    sendPhoto(threadId: string, photo: DirectPhoto, preview: string): Promise<void> {
      return this.enqueue(
        threadId,
        null,
        (outgoing) => deps.direct.sendPhoto(outgoing, photo),
        preview
      )
    },
    /** How many sends are waiting (for tests and the pending mark). */
    pendingCount: (): number => queue.length,
    /** The messages still waiting to be sent in `threadId`, oldest first, with their mark. */
    pendingIn: (threadId: string): DirectMessage[] =>
      queue.filter((queued) => queued.outgoing.threadId === threadId).map((q) => q.shown),
    /** The newest history of `threadId` with the messages still waiting to be sent after it. */
    withPending(threadId: string, history: DirectMessage[]): DirectMessage[] {
      const pending = this.pendingIn(threadId).filter((m) => !history.some((h) => h.id === m.id))
      return [...history, ...pending]
    }
  }
}
