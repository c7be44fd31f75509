// Whether a pattern a REST filter sends may reach the database: `like`/`ilike` patterns and
// `match`/`imatch` regular expressions. A backreference makes Postgres's regex engine backtrack
// (one froze PGlite for over a minute on one long comment), a repeated group with a quantifier
// inside or a large counted repetition multiplies the engine's states (regex-shape.ts), and
// each `%` of a pattern multiplies the work of matching it, so all are bounded before any SQL
// is written. Returns what is wrong, or null when the pattern may run.

import { regexShape } from './regex-shape'
import type { RestLimits } from './request-limits'

export type PatternOperator = 'like' | 'ilike' | 'match' | 'imatch'

export type PatternLimits = Pick<
  RestLimits,
  'maxPatternLength' | 'maxPatternWildcards' | 'maxRegexRepetition'
>

function regexProblem(pattern: string, limits: PatternLimits): string | null {
  const shape = regexShape(pattern)
  if (shape.backreference) return 'Regular expressions may not use backreferences'
  if (shape.nestedRepetition) {
    return 'Regular expressions may not repeat a group that has a quantifier inside, such as (a+)* or (.*){1,200}'
  }
  if (shape.countedRepetitions > limits.maxRegexRepetition) {
    return `The counted repetitions ({n}, {m,n}) of a regular expression may add up to at most ${limits.maxRegexRepetition}`
  }
  return null
}

export function patternProblem(
  op: PatternOperator,
  pattern: string,
  limits: PatternLimits
): string | null {
  if (pattern.length > limits.maxPatternLength) {
    return `A ${op} pattern may be at most ${limits.maxPatternLength} characters long`
  }
  if (op === 'match' || op === 'imatch') return regexProblem(pattern, limits)
  const wildcards = pattern.match(/[*%]/g)?.length ?? 0
  if (wildcards > limits.maxPatternWildcards) {
    return `A ${op} pattern may have at most ${limits.maxPatternWildcards} wildcards`
  }
  return null
}
