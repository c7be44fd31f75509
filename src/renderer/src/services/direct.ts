// Direct messages as the renderer calls them: every operation of src/shared/data/direct bound to
// the data client, and the live subscription.

import { subscribeToDirect } from '@shared/data/direct/live'
import {
  joinThreadRoom,
  type ThreadRoom,
  type ThreadRoomListener
} from '@shared/data/direct/presence'
import {
  acceptRequest,
  countUnreadThreads,
  fetchThreads,
  leaveThread,
  markThreadRead,
  startThread
} from '@shared/data/direct/threads'

import type { Bind, ClientProvider, Subscribe } from './binding'
import { later } from './lazy'

// What only an open thread needs (its messages, sharing a post) is loaded with the first
// call, so the start does not parse it; the inbox badge and the live feed of new messages are
// needed at once.
const messages = (): Promise<typeof import('@shared/data/direct/messages')> =>
  import('@shared/data/direct/messages')
const sharing = (): Promise<typeof import('@shared/data/direct/share')> =>
  import('@shared/data/direct/share')

/** A thread's presence and typing room, usable before the client exists (calls wait for it). */
function roomJoiner(getClient: ClientProvider) {
  return (threadId: string, userId: string, listener: ThreadRoomListener): ThreadRoom => {
    let room: ThreadRoom | null = null
    let left = false
    void getClient().then((client) => {
      if (!left) room = joinThreadRoom(client, threadId, userId, listener)
    })
    return {
      typing: () => room?.typing(),
      leave: async () => {
        left = true
        await room?.leave()
      }
    }
  }
}

export function createDirectServices(bind: Bind, subscribe: Subscribe, getClient: ClientProvider) {
  return {
    room: roomJoiner(getClient),
    startThread: bind(startThread),
    fetchThreads: bind(fetchThreads),
    countUnread: bind(countUnreadThreads),
    accept: bind(acceptRequest),
    leave: bind(leaveThread),
    markRead: bind(markThreadRead),
    fetchHistory: bind(later(messages, 'fetchHistory')),
    fetchNewerHistory: bind(later(messages, 'fetchNewerHistory')),
    fetchMessage: bind(later(messages, 'fetchMessage')),
    send: bind(later(messages, 'sendMessage')),
    sendPhoto: bind(later(messages, 'sendPhoto')),
    unsend: bind(later(messages, 'unsendMessage')),
    setHeart: bind(later(messages, 'setHeart')),
    sharePost: bind(later(sharing, 'sharePost')),
    live: subscribe(subscribeToDirect)
  }
}

export type DirectServices = ReturnType<typeof createDirectServices>
