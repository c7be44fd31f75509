// The `select=` list of PostgREST's grammar: columns with aliases, JSON paths, casts and
// aggregates, `count()`, and embedded resources with their hints, `!inner` and `...` spreads.

import { parseError } from './errors'
import { parseJsonPath } from './parse-field'
import {
  AGGREGATES,
  type Aggregate,
  type ColumnItem,
  type JsonStep,
  type SelectItem
} from './query-ast'

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
    const jsonPath = this.peek('->') ? this.jsonPath() : []
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

  /** `->a->>"b c"->0`: read up to what follows the path, then parsed as a filter's path is. */
  private jsonPath(): JsonStep[] {
    const start = this.pos
    let quoted = false
    for (; this.pos < this.input.length; this.pos++) {
      const char = this.input[this.pos]
      if (quoted) {
        if (char === '\\') this.pos++
        else if (char === '"') quoted = false
      } else if (char === '"') quoted = true
      else if (',()!:.'.includes(char)) break
    }
    return parseJsonPath(this.input.slice(start, this.pos), 'select', this.input, start)
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
