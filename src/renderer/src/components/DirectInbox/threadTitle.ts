// How a thread is named in the inbox and its header: the group's name, else its people.

import type { DirectLastMessage, DirectThread } from '../../services/types'

export function threadTitle(thread: Pick<DirectThread, 'name' | 'people'>): string {
  if (thread.name) return thread.name
  if (thread.people.length === 0) return 'Just you'
  return thread.people.map((person) => person.username).join(', ')
}

/** The inbox's one-line preview of the last message. */
export function lastMessagePreview(thread: DirectThread, readerId: string | null): string {
  const last = thread.last_message
  if (!last) return 'No messages yet'
  return messagePreview(last, last.sender_id === readerId ? 'You: ' : '')
}

/** One message in a line (the inbox row, a desktop notification), after `own` ("You: "). */
export function messagePreview(
  last: Pick<DirectLastMessage, 'kind' | 'body'>,
  own: string
): string {
  switch (last.kind) {
    case 'photo':
      return `${own}Sent a photo`
    case 'post':
      return `${own}Shared a post`
    case 'story_reply':
      return `${own}Replied to a story: ${last.body ?? ''}`
    case 'story_reaction':
      return `${own}Reacted ${last.body ?? ''} to a story`
    default:
      return `${own}${last.body ?? ''}`
  }
}
