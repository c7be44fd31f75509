// The caller's block partners and muted people are read in one query and kept for the rest of
// the transaction (migrations 20261127140200 and 20261127150000), so the policies and feeds that
// ask several times per request read blocks and mutes once. What must not change: a block or a
// mute made in the same transaction counts at once, and the kept lists are only ever the
// caller's own.

import { beforeEach, expect, it } from 'vitest'
import { requestSettings } from '../../../src/backend/db/as-role'
import type { Queryable } from '../../../src/backend/db/database'
import { inRolledBackTransaction, resetData, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

describeEachDatabase('block partners and mutes, read once per transaction', (suite) => {
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
  const muted = async (tx: Queryable, kind: 'posts' | 'stories') =>
    (await tx.query<{ ids: string[] }>('select app_rules.muted_authors($1) as ids', [kind])).rows[0]
      .ids
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

  it('a mute made or changed in the same transaction counts at once, after blocks were read', async () => {
    const seen = await inRolledBackTransaction(suite.db, async (tx) => {
      await become(tx, a)
      const before = { partners: await partners(tx), posts: await muted(tx, 'posts') }
      await tx.query(
        'insert into public.mutes (muter_id, muted_id, posts, stories) values ($1, $2, true, false)',
        [a.id, b.id]
      )
      const muting = { posts: await muted(tx, 'posts'), stories: await muted(tx, 'stories') }
      await tx.query('update public.mutes set stories = true, posts = false where muter_id = $1', [
        a.id
      ])
      const changed = { posts: await muted(tx, 'posts'), stories: await muted(tx, 'stories') }
      await tx.query('delete from public.mutes where muter_id = $1', [a.id])
      return { before, muting, changed, unmuted: await muted(tx, 'stories') }
    })
    expect(seen).toEqual({
      before: { partners: [], posts: [] },
      muting: { posts: [b.id], stories: [] },
      changed: { posts: [], stories: [b.id] },
      unmuted: []
    })
  })

  it('the kept answer is the caller’s own: another caller in the transaction reads their own', async () => {
    await suite.db.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
      a.id,
      b.id
    ])
    await suite.db.query('insert into public.mutes (muter_id, muted_id) values ($1, $2)', [
      c.id,
      a.id
    ])
    const lists = await inRolledBackTransaction(suite.db, async (tx) => {
      await become(tx, a)
      const first = { partners: await partners(tx), muted: await muted(tx, 'posts') }
      await become(tx, c)
      const other = { partners: await partners(tx), muted: await muted(tx, 'posts') }
      await become(tx, b)
      return {
        first,
        other,
        blocked: { partners: await partners(tx), muted: await muted(tx, 'posts') }
      }
    })
    expect(lists).toEqual({
      first: { partners: [b.id], muted: [] },
      other: { partners: [], muted: [a.id] },
      blocked: { partners: [a.id], muted: [] }
    })
  })

  it('a kept answer under someone else’s id is never returned', async () => {
    await suite.db.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
      a.id,
      b.id
    ])
    const list = await inRolledBackTransaction(suite.db, async (tx) => {
      await tx.query(`select set_config('app_rules.reader_lists', $1, true)`, [`${c.id}={}={}={}`])
      await become(tx, a)
      return partners(tx)
    })
    expect(list).toEqual([b.id])
  })
})
