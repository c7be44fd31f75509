// A PostgreSQL server through node-postgres, used when DATABASE_URL is set.

import pg from 'pg'
import type { Database, Queryable, QueryResult } from './database'
import { listenOnServer } from './postgres-listen'

// Keep timestamps, bigints and numerics as Postgres prints them, as PGlite's text paths do:
// the REST layer builds its JSON in SQL, so these only matter for internal queries.
const types = {
  getTypeParser: (oid: number, format?: string) => {
    if (oid === 1114 || oid === 1184 || oid === 1082) return (value: string) => value
    if (oid === 20) return Number
    return pg.types.getTypeParser(oid, format as 'text')
  }
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const result = await client.query({ text: sql, values: params, types })
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length }
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql)
    }
  }
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // Fail now, with the server's message, rather than on the first request.
  await pool.query('select 1')
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    listen: (channel, onNotify, onInterrupted) =>
      listenOnServer(connectionString, channel, onNotify, onInterrupted),
    close: () => pool.end()
  }
}
