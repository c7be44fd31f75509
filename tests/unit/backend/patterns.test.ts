// The one check of like/ilike/match/imatch patterns (src/backend/patterns.ts), shared by REST
// filters and realtime filters: no backreferences, bounded length and wildcards.

import { describe, expect, it } from 'vitest'
import { patternProblem } from '../../../src/backend/patterns'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/request-limits'

const limits = DEFAULT_REST_LIMITS

describe('patternProblem', () => {
  it.each(['(a)\\1', '^(a*)(a*)\\1\\2\\1\\2a$', 'x\\9', '\\\\\\1'])(
    'refuses the backreference in %j',
    (pattern) => {
      expect(patternProblem('match', pattern, limits)).toBe(
        'Regular expressions may not use backreferences'
      )
      expect(patternProblem('imatch', pattern, limits)).not.toBeNull()
    }
  )

  it.each(['\\\\1', 'a\\d+', '(ab)+c', '\\0', 'a{2}', 'plain'])('lets %j through', (pattern) => {
    expect(patternProblem('match', pattern, limits)).toBeNull()
  })

  it('bounds the length of every kind of pattern', () => {
    const long = 'a'.repeat(limits.maxPatternLength + 1)
    for (const op of ['like', 'ilike', 'match', 'imatch'] as const) {
      expect(patternProblem(op, long, limits)).toBe(
        `A ${op} pattern may be at most ${limits.maxPatternLength} characters long`
      )
      expect(patternProblem(op, long.slice(1), limits)).toBeNull()
    }
  })

  it('bounds the wildcards of like patterns, * and % alike', () => {
    const most = limits.maxPatternWildcards
    expect(patternProblem('ilike', '%a*'.repeat(most / 2), limits)).toBeNull()
    expect(patternProblem('like', `${'*a'.repeat(most)}%`, limits)).toBe(
      `A like pattern may have at most ${most} wildcards`
    )
    // `_` matches one character and cannot make matching backtrack.
    expect(patternProblem('like', '_'.repeat(100), limits)).toBeNull()
  })
})
