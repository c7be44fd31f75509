// "Seen" under the thread's last message when it is the reader's and the others have read it
// (in a group, who has).

import type { TFunction } from 'i18next'
import type { DirectMessage, DirectPerson } from '../../services/types'

export function seenLabel(
  messages: DirectMessage[],
  people: DirectPerson[],
  readerId: string | null,
  isGroup: boolean,
  t: TFunction
): { id: string; label: string } | null {
  const last = [...messages].reverse().find((message) => !message.pending)
  if (!last || last.sender_id !== readerId) return null
  const readers = people.filter(
    (person) => person.last_read_at && person.last_read_at >= last.created_at
  )
  if (readers.length === 0) return null
  if (!isGroup) return { id: last.id, label: t('direct.seen') }
  const names = readers.map((person) => person.username).join(', ')
  return { id: last.id, label: t('direct.seenBy', { names }) }
}
