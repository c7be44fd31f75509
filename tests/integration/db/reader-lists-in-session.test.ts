// A signed-in caller's lists kept in the session between requests on PGlite (migration
// 20261127180200); PostgreSQL reads them on every request. On both: every request's lists are
// the caller's own and current, after writes, rolled-back writes, savepoints and resets. On
// PGlite: the kept entry is what a request uses, and any write to app_private.reader_lists
// makes it stale.

import { beforeEach, expect, it } from 'vitest'
import type { Queryable } from '../../../src/backend/db/database'
import { withRole } from '../../../src/backend/db/as-role'
import {
  inRolledBackTransaction,
  resetData,
  runAs,
  signUp,
  startAs,
  type Actor
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

describeEachDatabase('a reader’s lists kept between requests', (suite) => {
  let reader: Actor
  let other: Actor
  let author: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    reader = await signUp(suite.db, 'reader', { username: 'reader' })
    other = await signUp(suite.db, 'other', { username: 'other' })
    author = await signUp(suite.db, 'author', { username: 'author' })
  })

  const partnersIn = async (tx: Queryable): Promise<string[]> =>
    (await tx.query<{ p: string[] }>('select app_rules.block_partners() as p')).rows[0].p.sort()
  /** The caller's block partners as one request of theirs sees them. */
  const partnersOf = async (actor: Actor): Promise<string[]> =>
    withRole(suite.db, actor.identity, { method: 'GET', path: '/tests' }, partnersIn)
  const block = (blocker: Actor, blocked: Actor) =>
    runAs(suite.db, blocker, 'insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
      blocker.id,
      blocked.id
    ])
  const unblock = (blocker: Actor, blocked: Actor) =>
    runAs(suite.db, blocker, 'delete from blocks where blocker_id = $1 and blocked_id = $2', [
      blocker.id,
      blocked.id
    ])
  const entryName = (actor: Actor) => `app_rules.kept_${String(actor.id).replaceAll('-', '')}`

  it('each request sees the blocks made since the last, by either side', async () => {
    expect(await partnersOf(reader)).toEqual([])
    await block(other, reader)
    expect(await partnersOf(reader)).toEqual([other.id])
    await block(reader, author)
    expect(await partnersOf(reader)).toEqual([author.id, other.id].sort())
    await unblock(other, reader)
    expect(await partnersOf(reader)).toEqual([author.id])
    expect(await partnersOf(other)).toEqual([])
    expect(await partnersOf(author)).toEqual([reader.id])
  })

  it('readers taking turns each get their own lists', async () => {
    await block(other, reader)
    for (let turn = 0; turn < 3; turn++) {
      expect(await partnersOf(reader)).toEqual([other.id])
      expect(await partnersOf(author)).toEqual([])
      expect(await partnersOf(other)).toEqual([reader.id])
    }
  })

  it('a block rolled back, or rolled back to a savepoint, leaves the lists as they were', async () => {
    expect(await partnersOf(reader)).toEqual([])
    const inside = await inRolledBackTransaction(suite.db, async (tx) => {
      await startAs(suite.db, tx, reader)
      await tx.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        reader.id,
        author.id
      ])
      return partnersIn(tx)
    })
    expect(inside).toEqual([author.id])
    expect(await partnersOf(reader)).toEqual([])

    const steps = await inRolledBackTransaction(suite.db, async (tx) => {
      await startAs(suite.db, tx, reader)
      await tx.query('savepoint before_block')
      await tx.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        reader.id,
        author.id
      ])
      const blocked = await partnersIn(tx)
      await tx.query('rollback to savepoint before_block')
      return { blocked, after: await partnersIn(tx) }
    })
    expect(steps).toEqual({ blocked: [author.id], after: [] })
    expect(await partnersOf(reader)).toEqual([])
  })

  it('a reader first seen in a rolled-back transaction gets their lists next time', async () => {
    await block(other, reader)
    // As in a session where no write to the lists has counted yet: the count reads empty.
    await suite.db.query(`select set_config('app_rules.reader_lists_generation', '', false)`)
    // The first request of theirs keeps their lists in the session, then rolls back: the setting
    // it made stays defined, empty.
    const inside = await inRolledBackTransaction(suite.db, async (tx) => {
      await startAs(suite.db, tx, reader)
      return partnersIn(tx)
    })
    expect(inside).toEqual([other.id])
    expect(await partnersOf(reader)).toEqual([other.id])
  })

  it('a reset of the data leaves no kept lists behind', async () => {
    await block(other, reader)
    expect(await partnersOf(reader)).toEqual([other.id])
    await resetData(suite.db)
    // Their claims still name them: what was kept for them must not come back.
    expect(await partnersOf(reader)).toEqual([])
  })

  it('on PGlite a request uses the kept entry until a write to the lists', async () => {
    expect(await partnersOf(reader)).toEqual([])
    const kept = await suite.db.query<{ entry: string | null }>(
      'select current_setting($1, true) as entry',
      [entryName(reader)]
    )
    if (suite.kind === 'postgres') {
      // Several connections: nothing is kept between requests, every request reads the table.
      expect(kept.rows[0].entry ?? '').toBe('')
      return
    }
    // `<generation>\x1e<lists>`: the reader's four lists, empty.
    const [generation, lists] = (kept.rows[0].entry ?? '').split('\x1e')
    expect(lists).toBe('{}={}={}={}')
    // A stand-in under the current generation is taken as kept: the table is not read.
    await suite.db.query(`select set_config($1, $2, false)`, [
      entryName(reader),
      `${generation}\x1e{${author.id}}={}={}={}`
    ])
    expect(await partnersOf(reader)).toEqual([author.id])
    // Any write to the lists, here someone else's, makes every kept entry stale.
    await block(other, author)
    expect(await partnersOf(reader)).toEqual([])
  })
})
