// PostgREST's query-string grammar (as postgrest-js writes it) turned into a small AST: the
// select list, filters and logic trees, order, limit and offset. Pure functions with no schema
// knowledge; build-sql.ts checks every name against the schema cache.

import { parseError } from './errors'

export interface JsonStep {
  /** `->` keeps JSON, `->>` gives text. */
  arrow: '->' | '->>'
  key: string | number
}

export interface Field {
  name: string
  jsonPath: JsonStep[]
}

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const
export type Aggregate = (typeof AGGREGATES)[number]

export interface ColumnItem {
  kind: 'column'
  /** `*` only for `count()` without a column. */
  field: Field
  alias: string | null
  /** Cast of the column value (for aggregates: of the aggregate's input). */
  cast: string | null
  aggregate: Aggregate | null
  /** `amount.avg()::int`: cast of the aggregate's result. */
  aggregateCast: string | null
  /**
   * A bare `count` written before aggregates existed (`likes(count)`); PostgREST keeps
   * answering it even when aggregate functions are disabled.
   */
  legacyCount: boolean
}

export type SelectItem =
  | { kind: 'star' }
  | ColumnItem
  | {
      kind: 'embed'
      /** The relation as written: a table name. */
      name: string
      alias: string | null
      /** `!fk_name` or `!column` hints that pick one relationship. */
      hints: string[]
      inner: boolean
      spread: boolean
      select: SelectItem[]
    }

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts'
] as const
export type Operator = (typeof OPERATORS)[number]

export interface Condition {
  kind: 'condition'
  field: Field
  negated: boolean
  op: Operator
  /** fts language, or `any`/`all` for quantified comparisons. */
  modifier: string | null
  /** The list for `in`, one string otherwise. */
  value: string | string[]
}

export interface LogicTree {
  kind: 'logic'
  op: 'and' | 'or'
  negated: boolean
  children: Filter[]
}

export type Filter = Condition | LogicTree

export interface OrderTerm {
  field: Field
  descending: boolean
  nulls: 'first' | 'last' | null
}

/** Filters, order and paging for the root (path []) or an embedded resource (its alias path). */
export interface Scoped<T> {
  path: string[]
  value: T
}

export interface ParsedQuery {
  select: SelectItem[]
  filters: Scoped<Filter>[]
  order: Scoped<OrderTerm[]>[]
  limit: Scoped<number>[]
  offset: Scoped<number>[]
  /** `columns=` of bulk inserts. */
  columns: string[] | null
  onConflict: string[] | null
}

/** The key of an embed path (aliases or names from the root), for maps and sets. */
export const pathKey = (path: string[]): string => path.join('\u0000')

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

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return value
}

/** `name`, `"quoted name"`, `data->a->>b`, `arr->0`. */
export function parseField(input: string, what = 'filter'): Field {
  const parts = input.split(/(->>?)/)
  const name = unquote(parts[0])
  if (!name) throw parseError(what, input, `Expected a column name in "${input}"`)
  const jsonPath: JsonStep[] = []
  for (let i = 1; i < parts.length; i += 2) {
    const raw = parts[i + 1] ?? ''
    if (!raw) throw parseError(what, input, `Expected a JSON key after ${parts[i]}`)
    const key = unquote(raw)
    jsonPath.push({
      arrow: parts[i] as JsonStep['arrow'],
      key: /^-?\d+$/.test(raw) ? Number(raw) : key
    })
  }
  return { name, jsonPath }
}

// ------------------------------------------------------------------------------------------
// select

class SelectParser {
  private pos = 0
  constructor(private readonly input: string) {}

  parse(): SelectItem[] {
    const items = this.items()
    if (this.pos < this.input.length) this.fail(`Unexpected "${this.input[this.pos]}"`)
    return items
  }

  private fail(detail: string): never {
    throw parseError('select', this.input, detail, this.pos)
  }

  private peek(text: string): boolean {
    return this.input.startsWith(text, this.pos)
  }

  private items(): SelectItem[] {
    const items: SelectItem[] = []
    if (this.pos >= this.input.length || this.peek(')')) return items
    for (;;) {
      items.push(this.item())
      if (!this.peek(',')) return items
      this.pos++
    }
  }

  /** A bare or double-quoted identifier; stops at grammar characters. */
  private name(): string {
    if (this.peek('"')) {
      let end = this.pos + 1
      let value = ''
      while (end < this.input.length && this.input[end] !== '"') {
        if (this.input[end] === '\\') end++
        value += this.input[end++]
      }
      if (end >= this.input.length) this.fail('Unterminated quoted name')
      this.pos = end + 1
      return value
    }
    const start = this.pos
    while (this.pos < this.input.length) {
      const char = this.input[this.pos]
      if (',()!:".'.includes(char) || this.peek('->')) break
      this.pos++
    }
    if (this.pos === start) this.fail(`Expected a name at position ${start}`)
    return this.input.slice(start, this.pos)
  }

  private item(): SelectItem {
    if (this.peek('*')) {
      this.pos++
      return { kind: 'star' }
    }
    if (this.peek('...')) {
      this.pos += 3
      const embed = this.embed(this.name(), null)
      return { ...embed, spread: true }
    }
    let alias: string | null = null
    let name = this.name()
    if (this.peek(':') && !this.peek('::')) {
      this.pos++
      alias = name
      name = this.name()
    }
    if (name === 'count' && this.peek('()')) return this.countAll(alias)
    if (this.peek('(') || this.peek('!')) return this.embed(name, alias)
    const jsonPath: JsonStep[] = []
    while (this.peek('->')) {
      const arrow = this.peek('->>') ? '->>' : '->'
      this.pos += arrow.length
      const raw = this.input.slice(this.pos).match(/^-?\d+(?=$|[,):])/)
      if (raw) {
        this.pos += raw[0].length
        jsonPath.push({ arrow, key: Number(raw[0]) })
      } else {
        jsonPath.push({ arrow, key: this.name() })
      }
    }
    const cast = this.cast()
    let aggregate: Aggregate | null = null
    if (this.peek('.')) {
      this.pos++
      const fn = /^([a-z]+)\(\)/.exec(this.input.slice(this.pos))
      if (!fn || !(AGGREGATES as readonly string[]).includes(fn[1])) {
        const found = this.pos < this.input.length ? `"${this.input[this.pos]}"` : 'end of input'
        this.fail(`unexpected ${found} expecting "sum", "avg", "count", "max" or "min"`)
      }
      aggregate = fn[1] as Aggregate
      this.pos += fn[0].length
    }
    const aggregateCast = aggregate ? this.cast() : null
    const legacyCount = name === 'count' && jsonPath.length === 0 && !cast && !aggregate
    return {
      kind: 'column',
      field: { name, jsonPath },
      alias,
      cast,
      aggregate,
      aggregateCast,
      legacyCount
    }
  }

  /** `::type` (a plain or array type name), or null when there is none. */
  private cast(): string | null {
    if (!this.peek('::')) return null
    this.pos += 2
    const match = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?/.exec(this.input.slice(this.pos))
    if (!match) this.fail('Expected a type name after ::')
    this.pos += match[0].length
    return match[0]
  }

  /** `count()` counts rows; it is read before `count(` could be taken for an embed. */
  private countAll(alias: string | null): ColumnItem {
    this.pos += 2
    return {
      kind: 'column',
      field: { name: '*', jsonPath: [] },
      alias,
      cast: null,
      aggregate: 'count',
      aggregateCast: this.cast(),
      legacyCount: false
    }
  }

  private embed(name: string, alias: string | null): SelectItem & { kind: 'embed' } {
    const hints: string[] = []
    let inner = false
    while (this.peek('!')) {
      this.pos++
      const hint = this.name()
      if (hint === 'inner') inner = true
      else if (hint !== 'left') hints.push(hint)
    }
    if (!this.peek('(')) this.fail(`Expected "(" after ${name}`)
    this.pos++
    const select = this.items()
    if (!this.peek(')')) this.fail(`Expected ")" to close ${name}(`)
    this.pos++
    return { kind: 'embed', name, alias, hints, inner, spread: false, select }
  }
}

export function parseSelect(input: string | null): SelectItem[] {
  if (input === null || input === '') return [{ kind: 'star' }]
  return new SelectParser(input).parse()
}

// ------------------------------------------------------------------------------------------
// filters

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

// ------------------------------------------------------------------------------------------
// order, paging, the whole query string

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
