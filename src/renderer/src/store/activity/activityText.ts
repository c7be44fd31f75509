// How an activity line reads, grouped as the network words it: "ana and 3 others liked your
// photo.", "ana commented: nice one". Pure, so the panel and the desktop notifications say the
// same thing, in the page's language (the catalog's `activity` keys).

import type { ActivityAlert, ActivityTarget } from '@shared/bridge-contract'
import type { ActivityGroup, NotificationType } from '@shared/domain'
import { i18n, intlLocale } from '../../i18n/i18n'

const ACTIONS = {
  like: 'activity.action.like',
  comment: 'activity.action.comment',
  reply: 'activity.action.reply',
  mention: 'activity.action.mention',
  follow: 'activity.action.follow',
  comment_like: 'activity.action.comment_like',
  follow_request: 'activity.action.follow_request',
  tag: 'activity.action.tag'
} as const satisfies Record<NotificationType, string>

/** The words before the quoted comment, when the comment can be quoted. */
const QUOTING: Partial<Record<NotificationType, `activity.quoting.${string}`>> = {
  comment: 'activity.quoting.comment',
  reply: 'activity.quoting.reply',
  mention: 'activity.quoting.mention',
  comment_like: 'activity.quoting.comment_like'
}

/** Quotes longer than this end in an ellipsis, so a line stays a line. */
export const QUOTE_LENGTH = 80

function quoted(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim()
  const chars = [...flat]
  return chars.length > QUOTE_LENGTH ? `${chars.slice(0, QUOTE_LENGTH - 1).join('')}…` : flat
}

/** A piece of the actors' words: a person's name (shown isolated, as names may run either way)
 * or the catalog's own words. */
export interface ActorsPart {
  readonly kind: 'name' | 'words'
  readonly text: string
}

/** Where the name goes in the catalog's way of naming a person ("ana", "anaさん"). */
const NAME_SLOT = '\u2060name\u2060'

function namePieces(name: string): ActorsPart[] {
  const [before = '', after = ''] = i18n
    .t('activity.actorName', { name: NAME_SLOT })
    .split(NAME_SLOT)
  const pieces: ActorsPart[] = [{ kind: 'name', text: name }]
  if (before) pieces.unshift({ kind: 'words', text: before })
  if (after) pieces.push({ kind: 'words', text: after })
  return pieces
}

/** "ana", "ana and bob", "ana and 3 others": the newest one or two names and how many more,
 * joined as the reader's language joins a list. */
export function actorsParts(group: Pick<ActivityGroup, 'actors' | 'actor_count'>): ActorsPart[] {
  const [first, second] = group.actors
  if (!first) return [{ kind: 'words', text: i18n.t('activity.someone') }]
  const others = group.actor_count - 1
  const items: ActorsPart[][] = [namePieces(first.username)]
  if (others === 1 && second) items.push(namePieces(second.username))
  else if (others > 0)
    items.push([{ kind: 'words', text: i18n.t('activity.others', { count: others }) }])
  const list = new Intl.ListFormat(intlLocale(), { type: 'conjunction' })
  const texts = items.map((pieces) => pieces.map((piece) => piece.text).join(''))
  let element = 0
  return list
    .formatToParts(texts)
    .flatMap((part) =>
      part.type === 'element' ? items[element++]! : [{ kind: 'words', text: part.value } as const]
    )
}

/** The actors' words as one string (desktop notifications, the line's label). */
export function actorsPhrase(group: Pick<ActivityGroup, 'actors' | 'actor_count'>): string {
  return actorsParts(group)
    .map((part) => part.text)
    .join('')
}

/** "liked your photo.", or with the comment quoted: "commented: nice one". */
export function activityAction(group: Pick<ActivityGroup, 'type' | 'comment_body'>): string {
  const lead = QUOTING[group.type]
  if (lead && group.comment_body) {
    return i18n.t(lead as 'activity.quoting.comment', { comment: quoted(group.comment_body) })
  }
  return i18n.t(ACTIONS[group.type])
}

export function describeActivity(group: ActivityGroup): string {
  return `${actorsPhrase(group)} ${activityAction(group)}`
}

/** What opening this line shows: the post, or for a follow the newest follower's profile. */
export function activityTarget(group: ActivityGroup): ActivityTarget | null {
  if (group.post_id) return { kind: 'post', postId: group.post_id }
  const actor = group.actors[0]
  return actor ? { kind: 'profile', username: actor.username } : null
}

/** Unread lines newer than `since`, as native notifications (a new like re-announces a group). */
export function alertsSince(groups: ActivityGroup[], since: string | null): ActivityAlert[] {
  const alerts: ActivityAlert[] = []
  for (const group of groups) {
    if (group.unread_count === 0 || (since !== null && group.latest_at <= since)) continue
    const target = activityTarget(group)
    if (!target) continue
    alerts.push({
      key: `${group.group_key}@${group.latest_at}`,
      body: describeActivity(group),
      target
    })
  }
  return alerts
}
