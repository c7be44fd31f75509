// Reading supabase/config.toml, the file the Supabase CLI configures a project from. Every
// reader of the file (api-config.ts, auth/config.ts, auth/email-config.ts, storage/config.ts)
// goes through this module, so the parser (smol-toml, TOML 1.0) is one import. A file that is
// not valid TOML stops the backend with the file and line, rather than running on defaults the
// person did not choose.

import { parse, TomlDate, TomlError, type TomlTable, type TomlValue } from 'smol-toml'

export type { TomlTable, TomlValue }

/** config.toml is not valid TOML: the message names the file, line and column. */
export class ConfigTomlError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    reason: string
  ) {
    super(`${file}:${line}:${column}: invalid TOML: ${reason}`)
    this.name = 'ConfigTomlError'
  }
}

/** Whether a value is a table (`[name]`), not a list or a date. */
export const isTomlTable = (value: TomlValue | undefined): value is TomlTable =>
  typeof value === 'object' && !Array.isArray(value) && !(value instanceof TomlDate)

/** The document as nested tables: `[auth.rate_limit]` is `document.auth.rate_limit`. */
export function parseToml(source: string, file = 'config.toml'): TomlTable {
  try {
    return parse(source)
  } catch (error) {
    if (!(error instanceof TomlError)) throw error
    // smol-toml's message carries a code block after its first line; the first line says why.
    const reason = error.message.split('\n')[0]
    throw new ConfigTomlError(file, error.line, error.column, reason)
  }
}

/** The table at a dotted path (`auth.rate_limit`), or an empty one when there is none. */
export function tableAt(document: TomlTable, path: string): TomlTable {
  let table: TomlValue = document
  for (const name of path.split('.')) {
    if (!isTomlTable(table)) return {}
    table = table[name] ?? {}
  }
  return isTomlTable(table) ? table : {}
}

/** The values of one table of a TOML document, its sub-tables left out. */
export function readTomlTable(source: string, path: string, file?: string): Map<string, TomlValue> {
  const entries = Object.entries(tableAt(parseToml(source, file), path)).filter(
    ([, value]) => !isTomlTable(value)
  )
  return new Map(entries)
}

/** Whether `value` is a list of strings (`schemas = ["public"]`). */
export function isStringList(value: TomlValue | undefined): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
