// Filters of PostgREST's grammar: `[not.]op[(modifier)].value` on a column, and the logic trees
// of `or=` / `and=` that nest them.

import { parseError } from './errors'
import { parseField, splitTopLevel, unquote } from './parse-field'
import {
  OPERATORS,
  type Condition,
  type Field,
  type Filter,
  type LogicTree,
  type Operator
} from './query-ast'

function parseInList(raw: string, input: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError('filter', input, 'The in operator needs a list like (a,b)')
  }
  const body = raw.slice(1, -1)
  if (body === '') return []
  return splitTopLevel(body, ',').map((item) => unquote(item))
}

/** `[not.]op[(modifier)].value`; in logic trees a double-quoted value is unquoted. */
export function parseOperation(
  field: Field,
  text: string,
  inTree: boolean,
  input = text
): Condition {
  let rest = text
  let negated = false
  if (rest.startsWith('not.')) {
    negated = true
    rest = rest.slice(4)
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest)
  if (!match || !(OPERATORS as readonly string[]).includes(match[1])) {
    throw parseError('filter', input, `Unknown or missing operator in "${text}"`)
  }
  const op = match[1] as Operator
  const modifier = match[2] ?? null
  const raw = rest.slice(match[0].length)
  const value = op === 'in' ? parseInList(raw, input) : inTree ? unquote(raw) : raw
  return { kind: 'condition', field, negated, op, modifier, value }
}

const TREE_ITEM = /^(not\.)?(and|or)\((.*)\)$/s

function parseTreeItems(body: string, input: string): Filter[] {
  return splitTopLevel(body, ',').map((item): Filter => {
    const nested = TREE_ITEM.exec(item)
    if (nested) {
      return {
        kind: 'logic',
        op: nested[2] as 'and' | 'or',
        negated: Boolean(nested[1]),
        children: parseTreeItems(nested[3], input)
      }
    }
    // The field ends at the first dot outside quotes.
    const fieldText = item.startsWith('"')
      ? item.slice(0, item.indexOf('"', 1) + 1)
      : item.slice(0, Math.max(item.indexOf('.'), 0))
    if (!fieldText) throw parseError('logic tree', input, `Expected "field.op.value" in "${item}"`)
    return parseOperation(parseField(fieldText), item.slice(fieldText.length + 1), true, input)
  })
}

/** The value of `or=` / `and=`: `(a.eq.1,and(b.gt.2,c.is.null))`. */
export function parseLogicTree(op: 'and' | 'or', negated: boolean, value: string): LogicTree {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError('logic tree', value, 'Expected a parenthesised list')
  }
  return { kind: 'logic', op, negated, children: parseTreeItems(value.slice(1, -1), value) }
}
