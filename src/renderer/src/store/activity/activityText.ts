// How an activity line reads, grouped as the network words it: "ana and 3 others liked your
// photo.", "ana commented: nice one". Pure, so the panel and the desktop notifications say the
// same thing, in the page's language (the catalog's `activity` keys).

import type { ActivityAlert, ActivityTarget } from '@shared/bridge-contract'
import type { ActivityGroup, NotificationType } from '@shared/domain'
import { i18n } from '../../i18n/i18n'

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

/** "ana", "ana and bob", "ana and 3 others". */
export function actorsPhrase(group: Pick<ActivityGroup, 'actors' | 'actor_count'>): string {
  const [first, second] = group.actors
  const name = first?.username ?? i18n.t('activity.someone')
  const others = group.actor_count - 1
  if (others <= 0) return name
  if (others === 1 && second) return i18n.t('activity.twoPeople', { name, other: second.username })
  return i18n.t('activity.andOthers', { name, count: others })
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
