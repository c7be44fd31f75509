// The input bounds of a REST request (values in request-limits.ts), checked in the plan stage:
// how many conditions its logic trees have, how long its in-lists are, how many patterns and
// full-text searches it has and what each may do, how many to-many embeds it has, how many rows
// a write carries and how large its body is. Each refusal names the limit, before any SQL is
// written. What a response may weigh, and how many rows a PATCH or DELETE filter matches, are
// known only once the database ran the statement: responseTooLarge and tooManyRowsChanged are
// those refusals, thrown before the commit.

import type { ApiRole } from '../jwt'
import { patternProblem, type PatternOperator } from '../patterns'
import type { RestLimits } from '../request-limits'
import { RestError } from './errors'
import type { Condition, Filter, ParsedQuery } from './query-ast'

const PATTERN_OPERATORS = new Set<string>(['like', 'ilike', 'match', 'imatch'])
const TEXT_SEARCH_OPERATORS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts'])

function tooComplex(message: string, hint: string): RestError {
  return new RestError(400, '54001', message, null, hint)
}

/** The conditions of a filter that `counts`: itself, or the leaves of a logic tree. */
function conditionCount(filter: Filter, counts: (condition: Condition) => boolean): number {
  if (filter.kind === 'condition') return counts(filter) ? 1 : 0
  return filter.children.reduce((sum, child) => sum + conditionCount(child, counts), 0)
}

const isPattern = (condition: Condition): boolean => PATTERN_OPERATORS.has(condition.op)
const isTextSearch = (condition: Condition): boolean => TEXT_SEARCH_OPERATORS.has(condition.op)

function checkCondition(filter: Filter, limits: RestLimits): void {
  if (filter.kind === 'logic') {
    for (const child of filter.children) checkCondition(child, limits)
    return
  }
  if (filter.op === 'in' && filter.value.length > limits.maxInItems) {
    throw tooComplex(
      `An in list may have at most ${limits.maxInItems} values`,
      'Split the list over several requests.'
    )
  }
  if (PATTERN_OPERATORS.has(filter.op)) {
    // A quantified pattern (`like(any).{a,b}`) is checked as one text: it cannot be longer.
    const problem = patternProblem(filter.op as PatternOperator, String(filter.value), limits)
    if (problem) throw tooComplex(problem, 'Use a shorter, simpler pattern.')
  }
  if (
    TEXT_SEARCH_OPERATORS.has(filter.op) &&
    String(filter.value).length > limits.maxTextSearchLength
  ) {
    throw tooComplex(
      `A full-text search may be at most ${limits.maxTextSearchLength} characters long`,
      'Search for fewer words.'
    )
  }
}

export function checkFilterBounds(query: ParsedQuery, limits: RestLimits): void {
  let terms = 0
  let patterns = 0
  let searches = 0
  for (const { value } of query.filters) {
    if (value.kind === 'logic') terms += conditionCount(value, () => true)
    patterns += conditionCount(value, isPattern)
    searches += conditionCount(value, isTextSearch)
    checkCondition(value, limits)
  }
  if (terms > limits.maxLogicTerms) {
    throw tooComplex(
      `or/and filters may have at most ${limits.maxLogicTerms} conditions in all`,
      'Use fewer conditions, or an in list for many values of one column.'
    )
  }
  if (patterns > limits.maxPatternFilters) {
    throw tooComplex(
      `A request may have at most ${limits.maxPatternFilters} like, ilike, match or imatch filters`,
      'Search with fewer patterns, or with a full-text (fts) filter.'
    )
  }
  if (searches > limits.maxTextSearchFilters) {
    throw tooComplex(
      `A request may have at most ${limits.maxTextSearchFilters} fts, plfts, phfts or wfts filters`,
      'Put the words in one search: wfts takes several words, or and quoted phrases.'
    )
  }
}

/**
 * A write or rpc body larger than the limit, refused before it is parsed: a 10 MB rpc argument
 * held PGlite for 2.3 s, most of it spent on a value no function needs.
 */
export function checkBodySize(bytes: number, limits: RestLimits): void {
  if (bytes > limits.maxRequestBodyBytes) {
    throw new RestError(
      413,
      '54000',
      `A request body may be at most ${limits.maxRequestBodyBytes} bytes`,
      `This one is ${bytes} bytes`,
      'Send less data in one request (upload files through storage).'
    )
  }
}

export function checkToManyEmbeds(count: number, limits: RestLimits): void {
  if (count > limits.maxToManyEmbeds) {
    throw tooComplex(
      `A request may embed at most ${limits.maxToManyEmbeds} one-to-many resources`,
      'Read the other resources with separate requests.'
    )
  }
}

/**
 * The limits a write by `role` is held to. The write-row cap bounds what the anon key and
 * signed-in users may send or change at once; the service role (the project's secret key, used
 * for bulk loads) has none, as PostgREST has none.
 */
export function writeLimitsFor(limits: RestLimits, role: ApiRole): RestLimits {
  return role === 'service_role' ? { ...limits, maxRowsPerWrite: Number.POSITIVE_INFINITY } : limits
}

export function checkWriteRows(rows: number, limits: RestLimits): void {
  if (rows > limits.maxRowsPerWrite) {
    throw new RestError(
      400,
      '54000',
      `A write may carry at most ${limits.maxRowsPerWrite} rows`,
      `The body has ${rows} rows`,
      'Send the rows in several requests.'
    )
  }
}

/**
 * A PATCH or DELETE whose filter matched more rows than a write may change. Known only once the
 * statement ran, so the handler throws it inside the transaction: nothing is committed.
 */
export function tooManyRowsChanged(rows: number, limits: RestLimits): RestError {
  return new RestError(
    400,
    '54000',
    `A write may change at most ${limits.maxRowsPerWrite} rows`,
    `This one would change ${rows} rows`,
    'Narrow the filter, or change the rows in several requests.'
  )
}

export function responseTooLarge(bytes: number, limits: RestLimits): RestError {
  return new RestError(
    400,
    '54000',
    `A response may be at most ${limits.maxResponseBytes} bytes`,
    `This one would be ${bytes} bytes`,
    'Select fewer columns or embeds, or add limit= to the request and its embeds.'
  )
}
