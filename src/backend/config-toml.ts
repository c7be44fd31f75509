// Reading supabase/config.toml, the file the Supabase CLI configures a project from. Every
// reader of the file (api-config.ts, auth/config.ts, auth/email-config.ts, storage/config.ts)
// goes through this module, so the parser is one import.
//
// A line reader for what config.toml holds: `[dotted.table]` headers, one `key = value` per
// line, values that are strings, integers, booleans or one-line arrays of strings, a ` #`
// ending the value. A value it cannot read is left out, so the defaults apply.

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable
export interface TomlTable {
  [key: string]: TomlValue
}

function parseValue(raw: string): TomlValue | undefined {
  const text = raw.replace(/\s+#.*$/, '').trim()
  if (/^"[^"]*"$/.test(text)) return text.slice(1, -1)
  if (/^-?\d+$/.test(text)) return Number(text)
  if (text === 'true' || text === 'false') return text === 'true'
  const list = /^\[(.*)\]$/.exec(text)
  if (list) {
    const items = list[1].split(',').map((item) => item.trim())
    const strings = items.filter((item) => item !== '')
    if (strings.every((item) => /^"[^"]*"$/.test(item))) return strings.map((s) => s.slice(1, -1))
  }
  return undefined
}

function tableFor(document: TomlTable, path: string[]): TomlTable {
  let table = document
  for (const name of path) {
    const next = table[name]
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
      table = next
    } else {
      const created: TomlTable = {}
      table[name] = created
      table = created
    }
  }
  return table
}

/** The document as nested tables: `[auth.rate_limit]` is `document.auth.rate_limit`. */
export function parseToml(source: string): TomlTable {
  const document: TomlTable = {}
  let current = document
  for (const line of source.split(/\r?\n/)) {
    const trimmed = line.trim()
    const header = /^\[([^\]]+)\]/.exec(trimmed)
    if (header) {
      current = tableFor(
        document,
        header[1].split('.').map((name) => name.trim().replace(/^"(.*)"$/, '$1'))
      )
      continue
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(trimmed)
    const value = pair ? parseValue(pair[2]) : undefined
    if (pair && value !== undefined) current[pair[1]] = value
  }
  return document
}

/** The table at a dotted path (`auth.rate_limit`), or an empty one when there is none. */
export function tableAt(document: TomlTable, path: string): TomlTable {
  let table: TomlValue = document
  for (const name of path.split('.')) {
    if (typeof table !== 'object' || Array.isArray(table)) return {}
    table = table[name] ?? {}
  }
  return typeof table === 'object' && !Array.isArray(table) ? table : {}
}

/** The values of one table of a TOML document, its sub-tables left out. */
export function readTomlTable(source: string, path: string): Map<string, TomlValue> {
  const entries = Object.entries(tableAt(parseToml(source), path)).filter(
    ([, value]) => Array.isArray(value) || typeof value !== 'object'
  )
  return new Map(entries)
}

/** Whether `value` is a list of strings (`schemas = ["public"]`). */
export function isStringList(value: TomlValue | undefined): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
