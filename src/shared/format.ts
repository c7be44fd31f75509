// Pure formatters for the post card and the profile (docs/product.md, "Post card"). English keeps
// the spec's exact forms; other languages get their own through Intl.

const likeCountFormat = new Intl.NumberFormat('en-US')

const isEnglish = (locale: string): boolean => locale === 'en' || locale.startsWith('en-')

/** 1234567 → "1,234,567": counts are shown with the language's thousands separators. */
export function formatLikeCount(count: number, locale = 'en-US'): string {
  const value = Math.max(0, Math.trunc(count))
  return isEnglish(locale)
    ? likeCountFormat.format(value)
    : new Intl.NumberFormat(locale).format(value)
}

/** "1 like" / "1,234 likes", as the network words it under a post. */
export function formatLikesLabel(count: number): string {
  return `${formatLikeCount(count)} ${count === 1 ? 'like' : 'likes'}`
}

const HOUR_MS = 60 * 60 * 1000
const DAY_HOURS = 24

/**
 * Under 1 hour "now", under 24 hours "Nh", otherwise "Nd". Future dates read "now". Other
 * languages say the same in their own short forms: "jetzt", "3 Std.", "3 Tg."; "الآن", "3 س".
 */
export function relativeAge(
  createdAt: string | Date,
  now: Date = new Date(),
  locale = 'en'
): string {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt
  const hours = Math.floor((now.getTime() - created.getTime()) / HOUR_MS)
  const english = isEnglish(locale)
  if (!Number.isFinite(hours) || hours < 1) {
    return english
      ? 'now'
      : new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second')
  }
  const [value, unit] = hours < DAY_HOURS ? [hours, 'hour'] : [Math.floor(hours / DAY_HOURS), 'day']
  if (english) return `${value}${unit === 'hour' ? 'h' : 'd'}`
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value)
}
