// PostgREST's query-string grammar (as postgrest-js writes it) turned into a small AST
// (query-ast.ts): the select list (parse-select.ts), filters and logic trees
// (parse-filter.ts), order, limit and offset. Pure functions with no schema knowledge;
// build-sql.ts checks every name against the schema cache.

import { parseError } from './errors'
import { parseField, splitTopLevel, unquote } from './parse-field'
import { parseLogicTree, parseOperation } from './parse-filter'
import { parseSelect } from './parse-select'
import type { OrderTerm, ParsedQuery } from './query-ast'

export function parseOrder(input: string): OrderTerm[] {
  return splitTopLevel(input, ',').map((term) => {
    const parts = term.split('.')
    let descending = false
    let nulls: OrderTerm['nulls'] = null
    while (parts.length > 1) {
      const last = parts[parts.length - 1]
      if (last === 'asc' || last === 'desc') descending = last === 'desc'
      else if (last === 'nullsfirst' || last === 'nullslast')
        nulls = last === 'nullsfirst' ? 'first' : 'last'
      else break
      parts.pop()
    }
    return { field: parseField(parts.join('.'), 'order'), descending, nulls }
  })
}

/** limit/offset: a whole number that SQL and JavaScript agree on (no 1e21, no rounding). */
function parseCount(value: string, what: string): number {
  const number = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw parseError(what, value, `${what} must be a non-negative integer up to 9007199254740991`)
  }
  return number
}

/** `"a","b"` or `a,b` → names. */
export function parseColumnList(value: string): string[] {
  return splitTopLevel(value, ',').map((name) => unquote(name.trim()))
}

/** Splits `a.b.col` into the embed path and the last segment, respecting quotes. */
function splitKey(key: string): { path: string[]; last: string } {
  const segments = splitTopLevel(key, '.')
  const last = segments.pop() ?? ''
  return { path: segments.map(unquote), last }
}

const RESERVED = new Set(['select', 'columns', 'on_conflict'])

/**
 * Parses a query string (already decoded by URLSearchParams, so `+` is a space). Keys for
 * which `isArgument` is true (GET rpc arguments) are left out.
 */
export function parseQuery(
  params: URLSearchParams,
  isArgument: (key: string) => boolean = () => false
): ParsedQuery {
  const query: ParsedQuery = {
    select: parseSelect(params.get('select')),
    filters: [],
    order: [],
    limit: [],
    offset: [],
    columns: params.has('columns') ? parseColumnList(params.get('columns') ?? '') : null,
    onConflict: params.has('on_conflict') ? parseColumnList(params.get('on_conflict') ?? '') : null
  }
  for (const [key, value] of params) {
    if (RESERVED.has(key) || isArgument(key)) continue
    const split = splitKey(key)
    const last = split.last
    let path = split.path
    let negatedTree = false
    if (last !== 'not' && path[path.length - 1] === 'not' && (last === 'or' || last === 'and')) {
      negatedTree = true
      path = path.slice(0, -1)
    }
    if (last === 'order') query.order.push({ path, value: parseOrder(value) })
    else if (last === 'limit') query.limit.push({ path, value: parseCount(value, 'limit') })
    else if (last === 'offset') query.offset.push({ path, value: parseCount(value, 'offset') })
    else if (last === 'or' || last === 'and') {
      query.filters.push({ path, value: parseLogicTree(last, negatedTree, value) })
    } else {
      query.filters.push({ path, value: parseOperation(parseField(last), value, false, value) })
    }
  }
  return query
}
