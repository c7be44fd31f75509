// The @mention or #hashtag being typed at the caret, and how picking a suggestion rewrites the
// text: plain functions, so the caption's autocomplete (CaptionField) stays a thin view. A token
// starts where src/shared/text-links.ts would start a link: at the start or after a character
// that cannot be part of a word, a mention or a hashtag.

export type TokenKind = 'mention' | 'hashtag'

export interface CaretToken {
  kind: TokenKind
  /** What follows the @ or #, as typed (no sign). */
  query: string
  /** Where the sign is, and where the token ends (the caret may be inside it). */
  start: number
  end: number
}

const BODY: Record<TokenKind, RegExp> = {
  mention: /^[A-Za-z0-9._]{1,30}$/,
  hashtag: /^[A-Za-z0-9_]{1,100}$/
}
const WORD_CHAR = /[A-Za-z0-9._]/
const BEFORE_SIGN = /[A-Za-z0-9_.@#&]/

/** The token the caret is in or just after, or null when it is in none (or only at a bare sign). */
export function tokenAtCaret(text: string, caret: number): CaretToken | null {
  if (caret < 0 || caret > text.length) return null
  let start = caret
  while (start > 0 && WORD_CHAR.test(text[start - 1])) start--
  const sign = text[start - 1]
  if (sign !== '@' && sign !== '#') return null
  const signAt = start - 1
  if (signAt > 0 && BEFORE_SIGN.test(text[signAt - 1])) return null
  let end = caret
  while (end < text.length && WORD_CHAR.test(text[end])) end++
  const kind: TokenKind = sign === '@' ? 'mention' : 'hashtag'
  const query = text.slice(start, caret)
  if (!BODY[kind].test(query)) return null
  return { kind, query, start: signAt, end }
}

/**
 * The text with `token` replaced by the picked name and a space, and the caret after it. A space
 * already following the token is reused rather than doubled.
 */
export function replaceToken(
  text: string,
  token: CaretToken,
  name: string
): { text: string; caret: number } {
  const sign = token.kind === 'mention' ? '@' : '#'
  const before = text.slice(0, token.start)
  const after = text.slice(token.end).replace(/^ /, '')
  const inserted = `${sign}${name} `
  return { text: before + inserted + after, caret: before.length + inserted.length }
}
