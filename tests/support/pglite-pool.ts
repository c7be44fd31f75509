// Migrated in-memory PGlite databases, reused across the test files of one process. Starting a
// PGlite engine from the run's migrated snapshot costs about 2 CPU s (unpacking 45 MB into its
// file system and starting Postgres), the largest cost of the integration files' hooks. A
// database a test closes is instead reset (every table that was empty at the start emptied,
// every sequence put back) and kept for the next one, but only if its fingerprint
// (database-fingerprint.ts: catalog, rows, settings, session) is then exactly the one it had
// when it opened; anything else a test left (a table it made, a policy it changed, an analyze,
// a row changed in a table that starts with rows) discards it, and the next test gets a new one.
//
// What a test holds is a lease: closing it hands the database back, and a closed lease refuses
// queries, so a request still running after its backend stopped cannot reach the next file.

import type { Database, Unlisten } from '../../src/backend/db/database'
import { openDatabase } from '../../src/backend/db/open'
import type { PgliteEngine } from '../../src/backend/db/pglite-engine'
import {
  fingerprint,
  relationStats,
  restoreRelationStats,
  sequenceStates,
  tablesInUse,
  tablesWithRows,
  type RelationStats,
  type SequenceState
} from './database-fingerprint'
import { pgliteSnapshot, preparedSnapshotFile } from './prepared-databases'

/** A database as it opens from the snapshot: what a reset brings it back to. */
interface Pristine {
  fingerprint: string
  /** Tables with rows at the start: kept by the reset, so compared row by row. */
  keptTables: string[]
  /** Tables empty at the start: emptied by the reset. */
  emptiedTables: string[]
  sequences: SequenceState[]
  relations: RelationStats[]
}

/**
 * What holds the database: SQL tests alone, or a backend, whose start adds its own objects
 * (realtime's capture triggers): each has its own pristine state and its own idle databases.
 */
export type PoolUse = 'database' | 'backend'

interface Idle {
  engine: PgliteEngine
  maxWaiting: number | undefined
  use: PoolUse
  /** The snapshot it was opened from. */
  snapshotFile: string
}

/** Idle databases kept per process: a file opens at most a few at once. */
const MAX_IDLE = 3
const idle: Idle[] = []
/** By snapshot file and use: the state a database of that use starts from. */
const pristine = new Map<string, Promise<Pristine>>()
/** Each lease's engine, and whether it is still as it opened (for a backend: as it started). */
const leases = new WeakMap<PgliteEngine, { entry: Idle; fresh: boolean }>()

const pristineKey = (entry: Idle): string => `${entry.snapshotFile}\0${entry.use}`

/** How the pool did in this process, for the tests of the pool itself. */
export const poolStats = { opened: 0, reused: 0, discarded: 0 }

async function readPristine(engine: PgliteEngine): Promise<Pristine> {
  const tables = await tablesWithRows(engine)
  const keptTables = tables.filter((table) => table.rows > 0).map((table) => table.table)
  return {
    fingerprint: await fingerprint(engine, keptTables),
    keptTables,
    emptiedTables: tables.filter((table) => table.rows === 0).map((table) => table.table),
    sequences: await sequenceStates(engine),
    relations: await relationStats(engine)
  }
}

/**
 * Empties what was empty (only the tables a test wrote to: a TRUNCATE of all of them costs more
 * than the rest of the reset), puts every sequence and the planner's size estimates back.
 */
async function reset(engine: PgliteEngine, state: Pristine): Promise<void> {
  const written = await tablesInUse(engine, state.emptiedTables)
  const statements: string[] = []
  if (written.length > 0) statements.push(`truncate ${written.join(', ')} restart identity cascade`)
  for (const { sequence, lastValue, isCalled } of state.sequences) {
    statements.push(`select setval('${sequence.replaceAll("'", "''")}', ${lastValue}, ${isCalled})`)
  }
  await engine.exec(statements.join(';\n'))
  await restoreRelationStats(engine, state.relations)
}

/** Resets `engine` and keeps it if it matches the pristine state; closes it otherwise. */
async function giveBack(entry: Idle): Promise<void> {
  const { engine } = entry
  const state = (await pristine.get(pristineKey(entry))?.catch(() => null)) ?? null
  let reusable = false
  if (state && idle.length < MAX_IDLE) {
    try {
      await reset(engine, state)
      reusable = (await fingerprint(engine, state.keptTables)) === state.fingerprint
    } catch {
      // An engine that failed (or stopped) while resetting is only closed.
    }
  }
  if (reusable && idle.length < MAX_IDLE) {
    idle.push(entry)
    return
  }
  poolStats.discarded += 1
  await engine.close()
}

/** `engine` for one holder: its close gives the engine back, and it refuses queries after. */
function lease(entry: Idle): PgliteEngine {
  const { engine } = entry
  const unlistens: Unlisten[] = []
  let closed: Promise<void> | null = null
  // Rejected as the engine's own calls are after it closed, never thrown: a late call of a
  // stopped backend has a catch, not a try.
  const refuse = (): Promise<never> => Promise.reject(new Error('The database is closed'))
  const methods: Partial<Record<keyof PgliteEngine, unknown>> = {
    query: (...args: Parameters<Database['query']>) => (closed ? refuse() : engine.query(...args)),
    exec: (sql: string) => (closed ? refuse() : engine.exec(sql)),
    transaction: (...args: Parameters<Database['transaction']>) =>
      closed ? refuse() : engine.transaction(...args),
    snapshot: () => (closed ? refuse() : engine.snapshot()),
    async listen(channel: string, onNotify: (payload: string) => void): Promise<Unlisten> {
      if (closed) return refuse()
      const unlisten = await engine.listen(channel, onNotify)
      unlistens.push(unlisten)
      return unlisten
    },
    close(): Promise<void> {
      closed ??= (async () => {
        // The holder's channels end with it: the next holder hears only its own.
        await Promise.all(unlistens.map((unlisten) => unlisten().catch(() => undefined)))
        await giveBack(entry)
      })()
      return closed
    }
  }
  const leased = new Proxy(engine, {
    get(target, property, receiver) {
      if (Object.hasOwn(methods, property)) return methods[property as keyof PgliteEngine]
      const value: unknown = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    }
  })
  leases.set(leased, { entry, fresh: true })
  return leased
}

/**
 * A migrated in-memory PGlite database, from the pool or newly opened from the run's snapshot;
 * closing it gives it back. Without a prepared snapshot it is only opened (and closed).
 */
export async function pooledPglite(
  migrationsDir: string,
  maxWaiting?: number,
  use: PoolUse = 'database'
): Promise<PgliteEngine> {
  const snapshotFile = preparedSnapshotFile()
  const snapshot = await pgliteSnapshot()
  if (!snapshot) return (await openDatabase({ migrationsDir })) as PgliteEngine
  const found = idle.findIndex(
    (entry) =>
      entry.maxWaiting === maxWaiting && entry.snapshotFile === snapshotFile && entry.use === use
  )
  if (found >= 0) {
    poolStats.reused += 1
    return lease(idle.splice(found, 1)[0])
  }
  const engine = (await openDatabase({
    migrationsDir,
    pgliteSnapshot: snapshot,
    maxWaitingRequests: maxWaiting
  })) as PgliteEngine
  poolStats.opened += 1
  const entry: Idle = { engine, maxWaiting, snapshotFile, use }
  const leased = lease(entry)
  // Read before anyone writes: the first engine of a snapshot defines its pristine state.
  if (use === 'database') await settle(leased)
  return leased
}

/**
 * Takes the pristine state of `db`'s use from it if none was taken yet and it is as it opened
 * (for a backend: called once the backend started, before any request).
 */
export async function settle(db: Database): Promise<void> {
  const lease = leases.get(db as PgliteEngine)
  if (!lease) return
  if (lease.fresh && !pristine.has(pristineKey(lease.entry))) {
    pristine.set(pristineKey(lease.entry), readPristine(lease.entry.engine))
  }
  lease.fresh = false
  await pristine.get(pristineKey(lease.entry))
}
