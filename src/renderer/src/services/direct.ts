// Direct messages as the renderer calls them: every operation of src/shared/data/direct bound to
// the data client, and the live subscription.

import type { SupabaseClient } from '@supabase/supabase-js'
import { subscribeToDirect } from '@shared/data/direct/live'
import {
  fetchHistory,
  fetchMessage,
  sendMessage,
  sendPhoto,
  setHeart,
  unsendMessage
} from '@shared/data/direct/messages'
import {
  joinThreadRoom,
  type ThreadRoom,
  type ThreadRoomListener
} from '@shared/data/direct/presence'
import { sharePost } from '@shared/data/direct/share'
import {
  acceptRequest,
  countUnreadThreads,
  fetchThreads,
  leaveThread,
  markThreadRead,
  startThread
} from '@shared/data/direct/threads'

type Bind = <A extends unknown[], R>(
  operation: (client: SupabaseClient, ...args: A) => Promise<R>
) => (...args: A) => Promise<R>
type Subscribe = <A extends unknown[]>(
  subscribe: (client: SupabaseClient, ...args: A) => () => Promise<void>
) => (...args: A) => () => void

/** A thread's presence and typing room, usable before the client exists (calls wait for it). */
function roomJoiner(getClient: () => Promise<SupabaseClient>) {
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

export function createDirectServices(
  bind: Bind,
  subscribe: Subscribe,
  getClient: () => Promise<SupabaseClient>
) {
  return {
    room: roomJoiner(getClient),
    startThread: bind(startThread),
    fetchThreads: bind(fetchThreads),
    countUnread: bind(countUnreadThreads),
    accept: bind(acceptRequest),
    leave: bind(leaveThread),
    markRead: bind(markThreadRead),
    fetchHistory: bind(fetchHistory),
    fetchMessage: bind(fetchMessage),
    send: bind(sendMessage),
    sendPhoto: bind(sendPhoto),
    unsend: bind(unsendMessage),
    setHeart: bind(setHeart),
    sharePost: bind(sharePost),
    live: subscribe(subscribeToDirect)
  }
}

export type DirectServices = ReturnType<typeof createDirectServices>
