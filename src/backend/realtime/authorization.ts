// Who may use a private channel (`config.private: true`), decided as hosted Realtime decides it:
// by row-level security on `realtime.messages` (db/bootstrap-realtime.ts), with
// `realtime.topic()` returning the channel's topic. A SELECT policy that lets the user see a
// message of the topic lets them join and receive; an INSERT policy that lets them insert one
// lets them send (extension 'broadcast') or track (extension 'presence').
//
// Each check is a transaction that is rolled back, so no row is ever kept: for reading, one
// message per extension is inserted as the backend (past RLS) and read back as the user; for
// writing, the user inserts one. The caller caches the answers for the channel's join and asks
// again when its token changes.

import { callerSettings, setLocal } from '../db/as-role'
import { isPostgresError, type Database, type Transaction } from '../db/database'
import { answerAndRollBack } from '../db/rolled-back'
import type { RequestIdentity } from '../jwt'
import { DEFAULT_REST_LIMITS } from '../request-limits'
import { RealtimeAuthError } from './auth'

export type Extension = 'broadcast' | 'presence'
export const EXTENSIONS: readonly Extension[] = ['broadcast', 'presence']

/** What a private channel's read policies allow (a public channel: both). */
export type Readable = Record<Extension, boolean>

export const unauthorizedRead = (topic: string): string =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`
export const unauthorizedWrite = (topic: string): string =>
  `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}`

const INSUFFICIENT_PRIVILEGE = '42501'

/** The user's role and claims and the topic, for the rest of the transaction. */
function actAs(tx: Transaction, identity: RequestIdentity, topic: string): Promise<unknown> {
  const { sql, params } = setLocal([
    ['search_path', 'public, extensions'],
    ...callerSettings(identity),
    ['realtime.topic', topic]
  ])
  return tx.query(sql, params)
}

function rolledBack<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const budgetMs = DEFAULT_REST_LIMITS.requestBudgetMs
  return answerAndRollBack((body) => db.transaction(body, { budgetMs }), work)
}

/** Which extensions `identity` may read on private `topic` (its SELECT policies). */
export function readableExtensions(
  db: Database,
  identity: RequestIdentity,
  topic: string
): Promise<Readable> {
  return rolledBack(db, async (tx) => {
    const { rows: inserted } = await tx.query<{ id: string }>(
      `insert into realtime.messages (topic, extension, private)
       select $1, e, true from unnest($2::text[]) as e returning id`,
      [topic, EXTENSIONS]
    )
    await actAs(tx, identity, topic)
    const { rows } = await tx.query<{ extension: Extension }>(
      `select extension from realtime.messages where id = any($1::uuid[])`,
      [inserted.map((row) => row.id)]
    )
    const allowed = new Set(rows.map((row) => row.extension))
    return { broadcast: allowed.has('broadcast'), presence: allowed.has('presence') }
  })
}

/** Whether `identity` may send (`broadcast`) or track (`presence`) on private `topic`. */
export function mayWrite(
  db: Database,
  identity: RequestIdentity,
  topic: string,
  extension: Extension,
  event: string
): Promise<boolean> {
  return rolledBack(db, async (tx) => {
    await actAs(tx, identity, topic)
    try {
      await tx.query(
        `insert into realtime.messages (topic, extension, event, private) values ($1, $2, $3, true)`,
        [topic, extension, event]
      )
      return true
    } catch (error) {
      if (isPostgresError(error) && error.code === INSUFFICIENT_PRIVILEGE) return false
      throw error
    }
  })
}

/**
 * What a channel joining `topic` (`realtime:<name>`) may receive: everything if public, else
 * what its read policies allow; RealtimeAuthError when they allow nothing.
 */
export async function channelAccess(
  db: Database,
  identity: RequestIdentity,
  topic: string,
  isPrivate: boolean
): Promise<Readable> {
  if (!isPrivate) return { broadcast: true, presence: true }
  const name = topic.replace(/^realtime:/, '')
  const readable = await readableExtensions(db, identity, name)
  if (!readable.broadcast && !readable.presence) {
    throw new RealtimeAuthError(unauthorizedRead(name))
  }
  return readable
}
