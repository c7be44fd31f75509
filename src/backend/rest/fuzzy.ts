// "Perhaps you meant ..." hints for names the schema cache does not have, scored as
// PostgREST's fuzzy set scores them: 1 - (Levenshtein distance / length of the longer name),
// case-insensitively, keeping the best candidate at or above a minimum score.

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution))
    }
    previous = current
  }
  return previous[b.length]
}

export function similarity(a: string, b: string): number {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  const longest = Math.max(x.length, y.length)
  return longest === 0 ? 1 : 1 - levenshtein(x, y) / longest
}

/** PostgREST's threshold for function names (a lower one could reveal names). */
export const NAME_HINT_SCORE = 0.75
/** The fuzzy set's default threshold, used for relationship targets. */
export const DEFAULT_HINT_SCORE = 0.33

/**
 * The candidate closest to `name` scoring at least `minScore`; an exact match (score 1) is
 * left out when `excludeExact`, since suggesting the name that was asked for helps nobody.
 */
export function closestName(
  name: string,
  candidates: Iterable<string>,
  minScore: number,
  excludeExact = false
): string | null {
  let best: string | null = null
  let bestScore = minScore
  for (const candidate of candidates) {
    const score = similarity(name, candidate)
    if (excludeExact && score >= 1) continue
    if (score > bestScore || (score === bestScore && best === null)) {
      best = candidate
      bestScore = score
    }
  }
  return best
}
