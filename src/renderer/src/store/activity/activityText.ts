// How an activity line reads, grouped as the network words it: "ana and 3 others liked your
// photo.", "ana commented: nice one". Pure, so the panel and the desktop notifications say the
// same thing.

import type { ActivityAlert, ActivityTarget } from '@shared/bridge-contract'
import type { ActivityGroup, NotificationType } from '@shared/domain'

const ACTIONS: Record<NotificationType, string> = {
  like: 'liked your photo.',
  comment: 'commented on your photo.',
  reply: 'replied to your comment.',
  mention: 'mentioned you in a comment.',
  follow: 'started following you.',
  comment_like: 'liked your comment.',
  follow_request: 'asked to follow you.',
  tag: 'tagged you in a post.'
}

/** The words before the quoted comment, when the comment can be quoted. */
const QUOTING: Partial<Record<NotificationType, string>> = {
  comment: 'commented:',
  reply: 'replied to your comment:',
  mention: 'mentioned you in a comment:',
  comment_like: 'liked your comment:'
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
  const name = first?.username ?? 'Someone'
  const others = group.actor_count - 1
  if (others <= 0) return name
  if (others === 1 && second) return `${name} and ${second.username}`
  return `${name} and ${others} ${others === 1 ? 'other' : 'others'}`
}

/** "liked your photo.", or with the comment quoted: "commented: nice one". */
export function activityAction(group: Pick<ActivityGroup, 'type' | 'comment_body'>): string {
  const lead = QUOTING[group.type]
  if (lead && group.comment_body) return `${lead} ${quoted(group.comment_body)}`
  return ACTIONS[group.type]
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
