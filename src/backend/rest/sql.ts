// The two rules that keep request data out of SQL text: identifiers (already checked against
// the schema cache) are always double-quoted, and values always become bound parameters.

export function ident(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"'
}

export function qualified(name: string, schema = 'public'): string {
  return `${ident(schema)}.${ident(name)}`
}

/** Collects bound parameters for one statement; `add` returns the placeholder. */
export class Params {
  readonly values: unknown[] = []

  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/**
 * Table aliases `_t1`, `_t2`, … for one statement: ours, never from the request. `_t0` is
 * reserved for the root relation.
 */
export class Aliases {
  private next = 1

  fresh(): string {
    return `_t${this.next++}`
  }
}

export interface Statement {
  sql: string
  params: unknown[]
}
