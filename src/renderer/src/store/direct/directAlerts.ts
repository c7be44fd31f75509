// What a desktop notification says about a new direct message: the sender as the title (the
// group's name for a group, with the sender before the preview) and a one-line preview, worded
// as the inbox words it. Requests stay quiet, as Instagram keeps them: the sender is someone the
// reader has not accepted.

import type { DirectAlert } from '@shared/bridge-contract'
import type { DirectMessage, DirectThread } from '../../services/types'
import { messagePreview, threadTitle } from '../../components/DirectInbox/threadTitle'
import { i18n } from '../../i18n/i18n'

/** Characters of a text message a notification shows. */
export const ALERT_PREVIEW_LENGTH = 100

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > ALERT_PREVIEW_LENGTH ? `${line.slice(0, ALERT_PREVIEW_LENGTH - 1)}…` : line
}

/** The alert for `message` in `thread`, or null when it must not be announced. */
export function directAlert(
  message: Pick<DirectMessage, 'id' | 'thread_id' | 'sender_id' | 'kind' | 'body'>,
  thread: DirectThread | undefined,
  readerId: string | null
): DirectAlert | null {
  if (!thread || thread.state !== 'accepted' || message.sender_id === readerId) return null
  const sender = thread.people.find((person) => person.id === message.sender_id)?.username
  // In the page's language, as the app speaks it when the message arrives.
  const t = i18n.t.bind(i18n)
  const name = sender ?? t('direct.someone')
  const preview = clip(messagePreview(message, false, t))
  return {
    key: message.id,
    threadId: message.thread_id,
    title: thread.is_group ? threadTitle(thread, t) : name,
    body: thread.is_group ? t('direct.alertInGroup', { name, preview }) : preview
  }
}
