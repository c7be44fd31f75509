// PGlite (Postgres compiled to WebAssembly): in memory, or persisted in a data folder.

import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'
import type { Database, Queryable, QueryResult } from './database'

const asText = (value: string): string => value

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params)
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql)
    }
  }
}

/** `dataDir` undefined means in memory: gone when the process ends. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = await PGlite.create({
    dataDir,
    // pg_trgm and unaccent back people search (the migrations create them, as on hosted Supabase).
    extensions: { pgcrypto, uuid_ossp, pg_trgm, unaccent },
    // The same JS values node-postgres gives (see postgres.ts): timestamps as Postgres prints
    // them, int8 counts as numbers.
    parsers: { 1114: asText, 1184: asText, 1082: asText, 20: Number }
  })
  const self = wrap(pg)
  return {
    kind: 'pglite',
    ...self,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close()
  }
}
