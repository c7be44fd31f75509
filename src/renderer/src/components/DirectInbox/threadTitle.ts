// How a thread is named in the inbox and its header: the group's name, else its people; and a
// message in one line. Words come from the catalog `t` passed in (a component's useT(), or the
// i18n instance's for a notification).

import type { TFunction } from 'i18next'
import type { DirectLastMessage, DirectThread } from '../../services/types'

export function threadTitle(thread: Pick<DirectThread, 'name' | 'people'>, t: TFunction): string {
  if (thread.name) return thread.name
  if (thread.people.length === 0) return t('direct.justYou')
  return thread.people.map((person) => person.username).join(', ')
}

/** Stands for the message's own words in a preview being split around them (previewParts). */
const BODY_MARK = '\uE000'

/**
 * The inbox preview in three parts, so the message's own words can be isolated from the
 * language's around them (an English message in an Arabic "أنت: …" keeps its order): the text
 * before the words, the words (null when the line quotes none, e.g. "Sent a photo"), and after.
 */
export function previewParts(
  thread: DirectThread,
  readerId: string | null,
  t: TFunction
): [before: string, body: string | null, after: string] {
  const last = thread.last_message
  if (!last?.body) return [lastMessagePreview(thread, readerId, t), null, '']
  const line = messagePreview({ ...last, body: BODY_MARK }, last.sender_id === readerId, t)
  const at = line.indexOf(BODY_MARK)
  if (at < 0) return [line, null, '']
  return [line.slice(0, at), last.body, line.slice(at + BODY_MARK.length)]
}

/** The inbox's one-line preview of the last message. */
export function lastMessagePreview(
  thread: DirectThread,
  readerId: string | null,
  t: TFunction
): string {
  const last = thread.last_message
  if (!last) return t('direct.noMessagesYet')
  return messagePreview(last, last.sender_id === readerId, t)
}

/** One message in a line (the inbox row, a desktop notification), "You: …" when `own`. */
export function messagePreview(
  last: Pick<DirectLastMessage, 'kind' | 'body'>,
  own: boolean,
  t: TFunction
): string {
  const body = last.body ?? ''
  const line =
    last.kind === 'photo'
      ? t('direct.preview.photo')
      : last.kind === 'post'
        ? t('direct.preview.post')
        : last.kind === 'story_reply'
          ? t('direct.preview.storyReply', { body })
          : last.kind === 'story_reaction'
            ? t('direct.preview.storyReaction', { body })
            : body
  return own ? t('direct.preview.own', { line }) : line
}
