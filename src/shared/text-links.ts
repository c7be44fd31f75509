// Splitting a caption or comment into plain text, @mentions and #hashtags, so the UI can render
// the last two as links. The hashtag rule is the database's (post_tags): ASCII letters, digits
// and '_' after '#', at most 100, compared lower-case. The mention rule is the database's too
// (app_private.mentioned_usernames, which decides who is notified): '@' after the start or a
// character that cannot end a word, 3 to 30 of a-z, 0-9, '.' and '_', less trailing dots
// (punctuation, not the name), at least 3 left. tests/integration/db/mentions-and-usernames
// checks both find the same names in a table of texts.

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'tag'; text: string; tag: string }

const LINKS = /(^|[^A-Za-z0-9_.@#&])(?:@([A-Za-z0-9._]{3,30})|#([A-Za-z0-9_]{1,100}))/g

export function splitTextLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = []
  let plainFrom = 0
  for (const match of text.matchAll(LINKS)) {
    const [whole, before, rawName, tag] = match
    const start = (match.index ?? 0) + before.length
    let end = (match.index ?? 0) + whole.length
    let link: TextSegment
    if (rawName !== undefined) {
      const username = rawName.replace(/\.+$/, '')
      if (username.length < 3) continue
      end = start + 1 + username.length
      link = { kind: 'mention', text: `@${username}`, username: username.toLowerCase() }
    } else {
      link = { kind: 'tag', text: `#${tag}`, tag: tag.toLowerCase() }
    }
    if (start > plainFrom) segments.push({ kind: 'text', text: text.slice(plainFrom, start) })
    segments.push(link)
    plainFrom = end
  }
  if (plainFrom < text.length) segments.push({ kind: 'text', text: text.slice(plainFrom) })
  return segments
}

/** The usernames a text mentions, lower-case, each once. */
export function mentionedUsernames(text: string): string[] {
  const names = splitTextLinks(text).flatMap((s) => (s.kind === 'mention' ? [s.username] : []))
  return [...new Set(names)]
}

/** How many hashtags a text has, each one written counted (the database's rule for captions). */
export function hashtagCount(text: string): number {
  return splitTextLinks(text).filter((segment) => segment.kind === 'tag').length
}

/**
 * The start of a caption a card shows, cut at the last space before `length` characters (so no
 * word, @mention or #hashtag is cut in two), or null when the whole caption fits.
 */
export function captionPreview(text: string, length: number): string | null {
  const characters = [...text]
  if (characters.length <= length) return null
  const head = characters.slice(0, length).join('')
  const lastSpace = head.search(/\s\S*$/)
  return (lastSpace > 0 ? head.slice(0, lastSpace) : head).trimEnd()
}
