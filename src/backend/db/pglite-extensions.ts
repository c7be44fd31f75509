// PGlite loads a PostgreSQL extension only when it is handed the extension's bundle at start,
// and each bundle costs start-up time and memory. So the backend reads which extensions the
// migrations create and loads just those; the package ships just those (electron-builder config).

import type { Extension } from '@electric-sql/pglite'

/** The contrib extensions a migration may create, by their SQL name. */
const LOADERS: Record<string, () => Promise<Extension>> = {
  pg_trgm: async () => (await import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm,
  unaccent: async () => (await import('@electric-sql/pglite/contrib/unaccent')).unaccent,
  pgcrypto: async () => (await import('@electric-sql/pglite/contrib/pgcrypto')).pgcrypto,
  'uuid-ossp': async () => (await import('@electric-sql/pglite/contrib/uuid_ossp')).uuid_ossp,
  citext: async () => (await import('@electric-sql/pglite/contrib/citext')).citext,
  fuzzystrmatch: async () =>
    (await import('@electric-sql/pglite/contrib/fuzzystrmatch')).fuzzystrmatch,
  btree_gin: async () => (await import('@electric-sql/pglite/contrib/btree_gin')).btree_gin
}

const CREATE_EXTENSION = /create\s+extension\s+(?:if\s+not\s+exists\s+)?("?)([a-z0-9_-]+)\1/gi

/** The extensions `sql` creates, each once, lower-cased. */
export function extensionsCreatedBy(sql: readonly string[]): string[] {
  const names = new Set<string>()
  for (const text of sql) {
    for (const match of text.matchAll(CREATE_EXTENSION)) names.add(match[2].toLowerCase())
  }
  return [...names]
}

export class UnsupportedExtensionError extends Error {
  constructor(name: string) {
    super(
      `The migrations create the PostgreSQL extension "${name}", which the local backend ` +
        `(PGlite) does not load. Supported: ${Object.keys(LOADERS).join(', ')}.`
    )
  }
}

/** PGlite's `extensions` option for these names. */
export async function loadPgliteExtensions(
  names: readonly string[]
): Promise<Record<string, Extension>> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const load = LOADERS[name]
      if (!load) throw new UnsupportedExtensionError(name)
      return [name.replace(/-/g, '_'), await load()] as const
    })
  )
  return Object.fromEntries(entries)
}
