// Sending a post to one or more threads or people, with an optional note: the paper-plane
// sheet's "Send". Each person gets the one-to-one thread with the sender; each message has its
// own id, so a retry sends nothing twice.

import type { SupabaseClient } from '@supabase/supabase-js'
import { newRowId } from '../idempotent'
import { checkDirectText, sendMessage } from './messages'
import { startThread } from './threads'

export interface PostShare {
  senderId: string
  postId: string
  note?: string
  threadIds: string[]
  recipientIds: string[]
}

/** Sends the post everywhere it was addressed; answers the threads it went to. */
export async function sharePost(client: SupabaseClient, share: PostShare): Promise<string[]> {
  const note = checkDirectText(share.note, false) ?? undefined
  const fromPeople = await Promise.all(share.recipientIds.map((id) => startThread(client, [id])))
  const threads = [...new Set([...share.threadIds, ...fromPeople])]
  await Promise.all(
    threads.map((threadId) =>
      sendMessage(
        client,
        { id: newRowId(), threadId, senderId: share.senderId },
        { kind: 'post', postId: share.postId, body: note }
      )
    )
  )
  return threads
}
