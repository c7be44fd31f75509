// app_rules.block_partners keeps its answer for the rest of the transaction (migration
// 20261127140200), so the policies that ask it several times per query read the blocks once.
// What must not change: a block made in the same transaction counts at once, and the kept
// answer is only ever the caller's own.

import { beforeEach, expect, it } from 'vitest'
import { requestSettings } from '../../../src/backend/db/as-role'
import type { Queryable } from '../../../src/backend/db/database'
import { inRolledBackTransaction, resetData, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

describeEachDatabase('block partners, read once per transaction', (suite) => {
  let a: Actor
  let b: Actor
  let c: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'A', { username: 'alice' })
    b = await signUp(suite.db, 'B', { username: 'bob' })
    c = await signUp(suite.db, 'C', { username: 'carol' })
  })

  /** Switches the open transaction to `actor` with the REST layer's own prelude. */
  const become = (tx: Queryable, actor: Actor) => {
    const { sql, params } = requestSettings(suite.db, actor.identity, {
      method: 'POST',
      path: '/tests/sql'
    })
    return tx.query(sql, params)
  }
  const partners = async (tx: Queryable) =>
    (await tx.query<{ ids: string[] }>('select app_rules.block_partners() as ids')).rows[0].ids
  const seesProfile = async (tx: Queryable, actor: Actor) =>
    (await tx.query('select id from public.profiles where id = $1', [actor.id])).rows.length === 1

  it('a block made in the same transaction hides the person at once', async () => {
    const seen = await inRolledBackTransaction(suite.db, async (tx) => {
      await become(tx, a)
      const before = await seesProfile(tx, b)
      await tx.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
        a.id,
        b.id
      ])
      const after = await seesProfile(tx, b)
      await tx.query('delete from public.blocks where blocker_id = $1', [a.id])
      return { before, after, unblocked: await seesProfile(tx, b) }
    })
    expect(seen).toEqual({ before: true, after: false, unblocked: true })
  })

  it('the kept answer is the caller’s own: another caller in the transaction reads their own', async () => {
    await suite.db.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
      a.id,
      b.id
    ])
    const lists = await inRolledBackTransaction(suite.db, async (tx) => {
      await become(tx, a)
      const first = await partners(tx)
      await become(tx, c)
      const other = await partners(tx)
      await become(tx, b)
      return { first, other, blocked: await partners(tx) }
    })
    expect(lists).toEqual({ first: [b.id], other: [], blocked: [a.id] })
  })

  it('a kept answer under someone else’s id is never returned', async () => {
    await suite.db.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
      a.id,
      b.id
    ])
    const list = await inRolledBackTransaction(suite.db, async (tx) => {
      await tx.query(`select set_config('app_rules.block_partners', $1, true)`, [`${c.id}={}`])
      await become(tx, a)
      return partners(tx)
    })
    expect(list).toEqual([b.id])
  })
})
