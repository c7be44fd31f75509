// The one check of like/ilike/match/imatch patterns of REST filters (src/backend/patterns.ts):
// no backreferences, no repeated group with a quantifier inside, bounded counted repetitions,
// bounded length and wildcards.

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

  it.each([
    '(.*){1,200}zq',
    '(.*){2}',
    '(a+)*',
    '(?:ab*)+c',
    '((a)b+)+',
    '(x(y{2}))*',
    '(a|b+){3,}'
  ])('refuses the repeated group with a quantifier inside in %j', (pattern) => {
    expect(patternProblem('imatch', pattern, limits)).toBe(
      'Regular expressions may not repeat a group that has a quantifier inside, such as (a+)* or (.*){1,200}'
    )
  })

  it.each([
    // A group that happens at most once, quantifiers that read as plain characters in brackets
    // or escaped, and non-greedy forms.
    '(https?://)?example',
    '(a+){1}',
    '(a+){0,1}',
    '[(a+)*]x',
    '\\(a+\\)*',
    'a+?b*?(cd)+?',
    '***=(.*){1,200}',
    '(?i)(ab)+'
  ])('lets %j through', (pattern) => {
    expect(patternProblem('match', pattern, limits)).toBeNull()
  })

  it('bounds the counted repetitions of an expression added up', () => {
    const most = limits.maxRegexRepetition
    const message = `The counted repetitions ({n}, {m,n}) of a regular expression may add up to at most ${most}`
    expect(patternProblem('match', `x{1,${most}}zq`, limits)).toBeNull()
    expect(patternProblem('match', `x{1,${most + 1}}zq`, limits)).toBe(message)
    expect(patternProblem('match', 'a{20}b{13,}', limits)).toBe(message)
    expect(patternProblem('match', `[a-z]{${most}}`, limits)).toBeNull()
    // Not a bound: `{` followed by something else is a plain character.
    expect(patternProblem('match', 'x{a,999}', limits)).toBeNull()
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
