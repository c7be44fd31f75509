// The pieces of PostgREST's grammar that every part of a query string shares: splitting at the
// top level, double-quoted names, and a field with its JSON path (`data->a->>b`, `arr->0`).

import { parseError } from './errors'
import type { Field, JsonStep } from './query-ast'

/** Splits on `separator` outside double quotes and parentheses. */
export function splitTopLevel(input: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < input.length; i++) {
    const char = input[i]
    if (quoted) {
      current += char
      if (char === '\\' && i + 1 < input.length) current += input[++i]
      else if (char === '"') quoted = false
      continue
    }
    if (char === '"') quoted = true
    else if (char === '(') depth++
    else if (char === ')') depth--
    if (char === separator && depth === 0) {
      parts.push(current)
      current = ''
    } else {
      current += char
    }
  }
  parts.push(current)
  return parts
}

export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return value
}

/**
 * The steps of a JSON path (`->a->>b->0`, starting at its first arrow): a whole number is an
 * array index, anything else a key. `position`, where the path starts in `input`, if known.
 */
export function parseJsonPath(
  text: string,
  what: string,
  input: string,
  position?: number
): JsonStep[] {
  const parts = text.split(/(->>?)/)
  const steps: JsonStep[] = []
  for (let i = 1; i < parts.length; i += 2) {
    const raw = parts[i + 1] ?? ''
    if (!raw) throw parseError(what, input, `Expected a JSON key after ${parts[i]}`, position)
    steps.push({
      arrow: parts[i] as JsonStep['arrow'],
      key: /^-?\d+$/.test(raw) ? Number(raw) : unquote(raw)
    })
  }
  return steps
}

/** `name`, `"quoted name"`, `data->a->>b`, `arr->0`. */
export function parseField(input: string, what = 'filter'): Field {
  const arrow = input.indexOf('->')
  const name = unquote(arrow < 0 ? input : input.slice(0, arrow))
  if (!name) throw parseError(what, input, `Expected a column name in "${input}"`)
  return { name, jsonPath: arrow < 0 ? [] : parseJsonPath(input.slice(arrow), what, input) }
}
