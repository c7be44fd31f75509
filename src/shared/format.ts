// Pure formatters for the post card and the profile (docs/product.md, "Post card").

const likeCountFormat = new Intl.NumberFormat('en-US')

/** 1234567 → "1,234,567": counts are shown with thousands separators. */
export function formatLikeCount(count: number): string {
  return likeCountFormat.format(Math.max(0, Math.trunc(count)))
}

/** "1 like" / "1,234 likes", as the network words it under a post. */
export function formatLikesLabel(count: number): string {
  return `${formatLikeCount(count)} ${count === 1 ? 'like' : 'likes'}`
}

const HOUR_MS = 60 * 60 * 1000
const DAY_HOURS = 24

/** Under 1 hour "now", under 24 hours "Nh", otherwise "Nd". Future dates read "now". */
export function relativeAge(createdAt: string | Date, now: Date = new Date()): string {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt
  const hours = Math.floor((now.getTime() - created.getTime()) / HOUR_MS)
  if (!Number.isFinite(hours) || hours < 1) return 'now'
  if (hours < DAY_HOURS) return `${hours}h`
  return `${Math.floor(hours / DAY_HOURS)}d`
}
