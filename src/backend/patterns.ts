// Whether a pattern a client sends may reach the database: `like`/`ilike` patterns and
// `match`/`imatch` regular expressions, from REST filters and realtime filters alike. A
// backreference makes Postgres's regex engine backtrack (one froze PGlite for over a minute on
// one long comment), and each `%` of a pattern multiplies the work of matching it, so both are
// bounded before any SQL is written. Returns what is wrong, or null when the pattern may run.

import type { RestLimits } from './request-limits'

export type PatternOperator = 'like' | 'ilike' | 'match' | 'imatch'

export type PatternLimits = Pick<RestLimits, 'maxPatternLength' | 'maxPatternWildcards'>

/** `\1`…`\9` outside of an escaped backslash: a backreference in Postgres's regex syntax. */
function hasBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] !== '\\') continue
    if (/[1-9]/.test(pattern[i + 1])) return true
    i++
  }
  return false
}

export function patternProblem(
  op: PatternOperator,
  pattern: string,
  limits: PatternLimits
): string | null {
  if (pattern.length > limits.maxPatternLength) {
    return `A ${op} pattern may be at most ${limits.maxPatternLength} characters long`
  }
  if (op === 'match' || op === 'imatch') {
    return hasBackreference(pattern) ? 'Regular expressions may not use backreferences' : null
  }
  const wildcards = pattern.match(/[*%]/g)?.length ?? 0
  if (wildcards > limits.maxPatternWildcards) {
    return `A ${op} pattern may have at most ${limits.maxPatternWildcards} wildcards`
  }
  return null
}
