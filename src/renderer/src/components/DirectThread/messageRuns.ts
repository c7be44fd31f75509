// Runs of messages by one sender, as the network groups them: the other person's avatar sits
// beside the last message of each run of theirs, once, not beside every bubble.

import type { DirectMessage, DirectPerson } from '../../services/types'

/** The sender shown beside `messages[index]`: at the last of a run of theirs; never oneself. */
export function senderShown(
  messages: readonly DirectMessage[],
  index: number,
  others: readonly DirectPerson[]
): DirectPerson | null {
  const message = messages[index]
  if (!message || messages[index + 1]?.sender_id === message.sender_id) return null
  return others.find((person) => person.id === message.sender_id) ?? null
}
