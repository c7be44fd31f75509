// Whether a text contains a word or hashtag as a whole word, case-blind: the same rule as the
// database's app_rules.text_has_word (the baseline migration's Content controls),
// used to filter what a person reads with their own muted words.

/** The word as a literal pattern: every character a pattern treats specially, escaped. */
const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Letters, digits and _ make up a word; anything else (or the text's ends) borders one. */
export function textHasWord(text: string, word: string): boolean {
  const folded = word.trim().toLowerCase()
  if (!folded) return false
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}_])${escape(folded)}($|[^\\p{L}\\p{N}_])`, 'u')
  return pattern.test(text.toLowerCase())
}

/** The first of `words` the text contains, or null. */
export function firstWordIn(
  text: string | null | undefined,
  words: readonly string[]
): string | null {
  if (!text) return null
  return words.find((word) => textHasWord(text, word)) ?? null
}

/** A word as stored: trimmed and folded; null when nothing is left or it is too long. */
export function normalizeWord(input: string): string | null {
  const word = input.trim().toLowerCase()
  return word.length >= 1 && word.length <= 100 ? word : null
}
