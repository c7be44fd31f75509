// A reader's lists (block partners, muted people, followed private people) as each request
// reads them from app_private.reader_lists, nothing kept between requests: on both databases,
// every request's lists are the caller's own and current, after writes, rolled-back writes,
// savepoints and resets.

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

describeEachDatabase('a reader’s lists, read by each request', (suite) => {
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
    // The first request of theirs rolls back.
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
})
