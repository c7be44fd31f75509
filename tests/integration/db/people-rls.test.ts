// The row-level security matrix for people (anon, user A, user B): follower counters, the
// derived search column, profile avatars and the avatars folders in storage. Following on
// someone's behalf and editing someone else's profile are covered in rls.test.ts; here every
// refusal also proves no table changed, and every rule has its allowed case.

import { beforeEach, describe, expect, it } from 'vitest'
import { anon, attemptAs, resetData, signUp, snapshot, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const TABLES = ['public.profiles', 'public.follows', 'storage.objects']
const PERMISSION_DENIED = '42501'
const CHECK_VIOLATION = '23514'
const STORAGE = 'https://project.example.test/storage/v1/object/public/images'

describeEachDatabase('people: row-level security', (suite) => {
  let a: Actor
  let b: Actor

  async function expectRefused(
    actor: Actor,
    sql: string,
    params: unknown[],
    refusal: { code: string } | 'no rows'
  ): Promise<void> {
    const before = await Promise.all(TABLES.map((table) => snapshot(suite.db, table)))
    const outcome = await attemptAs(suite.db, actor, sql, params)
    const context = `${actor.name}: ${sql} ${JSON.stringify(params)}`
    if (refusal === 'no rows') expect(outcome, context).toMatchObject({ ok: true, rowCount: 0 })
    else expect(outcome, context).toMatchObject({ ok: false, code: refusal.code })
    const after = await Promise.all(TABLES.map((table) => snapshot(suite.db, table)))
    expect(after, `${context} changed data`).toEqual(before)
  }

  async function expectAllowed(actor: Actor, sql: string, params: unknown[] = []): Promise<void> {
    const outcome = await attemptAs(suite.db, actor, sql, params)
    expect(outcome, `${actor.name}: ${sql}`).toMatchObject({ ok: true, rowCount: 1 })
  }

  async function counts(actor: Actor): Promise<{ followers: number; following: number }> {
    const { rows } = await suite.db.query<{ followers: number; following: number }>(
      'select followers_count as followers, following_count as following from profiles where id = $1',
      [actor.id]
    )
    return rows[0]
  }

  beforeEach(async () => {
    await resetData(suite.db)
    a = await signUp(suite.db, 'user A', { username: 'alice', fullName: 'Alice A' })
    b = await signUp(suite.db, 'user B', { username: 'bob', fullName: 'Bob B' })
    await suite.db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id)
       values ('images', $1, $2::uuid, $2), ('images', $3, $4::uuid, $4)`,
      [`avatars/${a.id}/a.png`, a.id, `avatars/${b.id}/b.png`, b.id]
    )
  })

  describe('follower counters', () => {
    it('following and unfollowing move both counts by one', async () => {
      await expectAllowed(a, 'insert into follows (follower_id, following_id) values ($1, $2)', [
        a.id,
        b.id
      ])
      expect(await counts(a)).toEqual({ followers: 0, following: 1 })
      expect(await counts(b)).toEqual({ followers: 1, following: 0 })
      await expectAllowed(a, 'delete from follows where following_id = $1', [b.id])
      expect(await counts(a)).toEqual({ followers: 0, following: 0 })
      expect(await counts(b)).toEqual({ followers: 0, following: 0 })
    })

    it('no client can write a follower count or the search column, not even on their own row', async () => {
      for (const actor of [anon, a, b]) {
        for (const column of ['followers_count', 'following_count']) {
          await expectRefused(actor, `update profiles set ${column} = 999 where id = $1`, [a.id], {
            code: PERMISSION_DENIED
          })
        }
        await expectRefused(actor, `update profiles set search_name = 'x' where id = $1`, [a.id], {
          code: PERMISSION_DENIED
        })
      }
    })

    it('a follow refused for someone else leaves both counts unchanged', async () => {
      await expectRefused(
        a,
        'insert into follows (follower_id, following_id) values ($1, $2)',
        [b.id, a.id],
        { code: PERMISSION_DENIED }
      )
      expect(await counts(a)).toEqual({ followers: 0, following: 0 })
    })

    it('the counts cannot go negative, whoever writes them', async () => {
      await expect(
        suite.db.query('update profiles set followers_count = -1 where id = $1', [a.id])
      ).rejects.toMatchObject({ code: CHECK_VIOLATION })
    })
  })

  describe('avatar_url', () => {
    const own = (actor: Actor, file = 'me.webp'): string => `${STORAGE}/avatars/${actor.id}/${file}`

    it('a user can set their avatar to an object in their own avatars folder, or clear it', async () => {
      await expectAllowed(a, 'update profiles set avatar_url = $2 where id = $1', [a.id, own(a)])
      await expectAllowed(a, 'update profiles set avatar_url = null where id = $1', [a.id])
    })

    it("a user cannot set someone else's avatar, or an avatar that is not theirs", async () => {
      await expectRefused(
        b,
        'update profiles set avatar_url = $2 where id = $1',
        [a.id, own(a)],
        'no rows'
      )
      for (const bad of [
        own(b),
        `${STORAGE}/posts/${a.id}/1.png`,
        `https://evil.test/avatars/${a.id}/x.png`,
        `javascript:alert(1)//storage/v1/object/public/images/avatars/${a.id}/x.png`,
        `${STORAGE}/avatars/${a.id}/`,
        `${STORAGE}/avatars/${a.id}/x.png?download=1`,
        `${STORAGE}/avatars/${a.id}/${'x'.repeat(2048)}.png`,
        'a.png'
      ]) {
        await expectRefused(a, 'update profiles set avatar_url = $2 where id = $1', [a.id, bad], {
          code: CHECK_VIOLATION
        })
      }
    })
  })

  describe('storage: avatars folders', () => {
    const upload = `insert into storage.objects (bucket_id, name, owner, owner_id)
                    values ('images', $1, $2::uuid, $2::text)`

    it('a user can upload into avatars/<their id>/', async () => {
      await expectAllowed(a, upload, [`avatars/${a.id}/new.webp`, a.id])
    })

    it("no one can upload into another user's avatars folder, or beside the folders", async () => {
      for (const name of [`avatars/${b.id}/x.webp`, 'avatars/x.webp', `avatar/${a.id}/x.webp`]) {
        await expectRefused(a, upload, [name, a.id], { code: PERMISSION_DENIED })
      }
      await expectRefused(anon, upload, [`avatars/${a.id}/x.webp`, null], {
        code: PERMISSION_DENIED
      })
    })

    it("a user can delete their own avatar but not another user's", async () => {
      await expectRefused(
        a,
        'delete from storage.objects where name = $1',
        [`avatars/${b.id}/b.png`],
        'no rows'
      )
      await expectRefused(
        anon,
        'delete from storage.objects where name = $1',
        [`avatars/${a.id}/a.png`],
        'no rows'
      )
      await expectAllowed(a, 'delete from storage.objects where name = $1', [
        `avatars/${a.id}/a.png`
      ])
    })

    it("a user cannot overwrite or take over another user's avatar", async () => {
      await expectRefused(
        a,
        'update storage.objects set owner_id = $2::text, owner = $2::uuid where name = $1',
        [`avatars/${b.id}/b.png`, a.id],
        'no rows'
      )
    })
  })
})
