// The caller's block partners and muted people are one row of app_private.reader_lists, read by
// each statement once: the policies ask for them as `(select app_rules.block_partners())`, which
// Postgres evaluates once per statement (an InitPlan), as on a hosted project. What must not
// change: a block or a mute made in the same transaction counts at once, and the lists read are
// only ever the caller's own, complete, whatever settings a session holds.

import { beforeEach, expect, it } from 'vitest'
import type { Queryable } from '../../../src/backend/db/database'
import {
  inRolledBackTransaction,
  readerKeyOf,
  resetData,
  signUp,
  startAs,
  type Actor
} from '../../support/sql-actors'
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

  /** Starts the open transaction as `actor` with the REST layer's own prelude. */
  const become = (tx: Queryable, actor: Actor) => startAs(suite.db, tx, actor)
  /** Switches to `actor` as PostgREST on a hosted project does: role and claims, nothing kept. */
  const becomeAsPostgrest = (tx: Queryable, actor: Actor) =>
    tx.query(
      `select set_config('role', 'authenticated', true),
              set_config('request.jwt.claims', $1, true),
              set_config('request.jwt.claim.sub', $2, true)`,
      [JSON.stringify(actor.identity.claims), actor.id]
    )
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
      await becomeAsPostgrest(tx, c)
      const other = { partners: await partners(tx), muted: await muted(tx, 'posts') }
      await becomeAsPostgrest(tx, b)
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
      // C's lists as kept (empty), then the caller's claims become A's as PostgREST sets them.
      await becomeAsPostgrest(tx, c)
      await tx.query(
        `select set_config('app_rules.reader_lists_key', $1, true),
                set_config('app_rules.reader_lists', '{}={}={}={}', true)`,
        [readerKeyOf(c)]
      )
      await becomeAsPostgrest(tx, a)
      return partners(tx)
    })
    expect(list).toEqual([b.id])
  })

  it('the policies ask for the lists once per statement, not once per row', async () => {
    const plan = await inRolledBackTransaction(suite.db, async (tx) => {
      await become(tx, a)
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        'explain (verbose, costs off) select id from public.profiles'
      )
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    // `InitPlan 1 (returns $0)` on PostgreSQL 15, `InitPlan 1` on PGlite's newer engine; the
    // list is read there, behind block_partners' inlined answer for a caller with no uid.
    expect(plan).toMatch(
      /InitPlan \d+.*\n\s+->\s+Result\n\s+Output: CASE WHEN .* ELSE app_rules\.reader_list\(2\) END/
    )
    expect(plan).not.toMatch(/Filter: .*reader_list\(/)
  })
})
