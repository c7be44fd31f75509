// posts.author_restricted (migration 20261127150200): true exactly while the author is private
// or suspended, kept by triggers from the profile, never set by a client. The posts policy
// trusts a false value to skip the author's profile, so a false value on a private or suspended
// author's post would show it to strangers: each way of reaching that is tried here. Clients
// hold column grants on posts, none of them on this column; the triggers also overrule direct
// SQL (the service role, a migration).

import { beforeEach, expect, it } from 'vitest'
import { attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const STORAGE = 'https://example.test/storage/v1/object/public/images/posts'

describeEachDatabase('a post knows whether its author is restricted', (suite) => {
  let author: Actor
  let stranger: Actor

  beforeEach(async () => {
    await resetData(suite.db)
    author = await signUp(suite.db, 'author', { username: 'author' })
    stranger = await signUp(suite.db, 'stranger', { username: 'stranger' })
  })

  const post = async (restricted?: boolean): Promise<string> => {
    const columns = restricted === undefined ? '' : ', author_restricted'
    const values = restricted === undefined ? '' : ', $3'
    const { rows } = await runAs<{ id: string }>(
      suite.db,
      author,
      `insert into posts (user_id, image_url${columns}) values ($1, $2${values}) returning id`,
      [
        author.id,
        `${STORAGE}/${author.id}/1.png`,
        ...(restricted === undefined ? [] : [restricted])
      ]
    )
    return rows[0].id
  }
  const marks = async (): Promise<boolean[]> =>
    (
      await suite.db.query<{ author_restricted: boolean }>(
        'select author_restricted from public.posts where user_id = $1 order by created_at, id',
        [author.id]
      )
    ).rows.map((row) => row.author_restricted)
  const strangerSees = async (id: string): Promise<boolean> =>
    (await runAs(suite.db, stranger, 'select 1 from posts where id = $1', [id])).rows.length === 1
  const setProfile = (sql: string): Promise<unknown> =>
    suite.db.query(`update public.profiles set ${sql} where id = $1`, [author.id])

  it('follows the author going private and public again, for every post, in the same statement', async () => {
    const first = await post()
    await post()
    expect(await marks()).toEqual([false, false])
    await setProfile('is_private = true')
    expect(await marks()).toEqual([true, true])
    expect(await strangerSees(first)).toBe(false)
    await setProfile('is_private = false')
    expect(await marks()).toEqual([false, false])
    expect(await strangerSees(first)).toBe(true)
  })

  it('follows a suspension and its end, and a private author stays restricted when unsuspended', async () => {
    const id = await post()
    await setProfile('suspended_at = now()')
    expect(await marks()).toEqual([true])
    expect(await strangerSees(id)).toBe(false)
    await setProfile('is_private = true')
    await setProfile('suspended_at = null')
    expect(await marks()).toEqual([true])
    await setProfile('is_private = false')
    expect(await marks()).toEqual([false])
  })

  it('a client may not name the column at all: it is granted no insert or update on it', async () => {
    const id = await post()
    const insert = await attemptAs(
      suite.db,
      author,
      'insert into posts (user_id, image_url, author_restricted) values ($1, $2, false)',
      [author.id, `${STORAGE}/${author.id}/2.png`]
    )
    const update = await attemptAs(
      suite.db,
      author,
      'update posts set author_restricted = false where id = $1',
      [id]
    )
    expect([insert, update]).toMatchObject([
      { ok: false, code: '42501' },
      { ok: false, code: '42501' }
    ])
  })

  it('a direct SQL write cannot set it either: the profile decides', async () => {
    await setProfile('is_private = true')
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, author_restricted)
       values ($1, $2, false) returning id`,
      [author.id, `${STORAGE}/${author.id}/1.png`]
    )
    expect(await marks()).toEqual([true])
    expect(await strangerSees(rows[0].id)).toBe(false)
    await suite.db.query('update public.posts set author_restricted = false where id = $1', [
      rows[0].id
    ])
    expect(await marks()).toEqual([true])
    await setProfile('is_private = false')
    await suite.db.query('update public.posts set author_restricted = true where id = $1', [
      rows[0].id
    ])
    expect(await marks()).toEqual([false])
  })

  it('posts by one author inserted at once all land: the profile is locked in one order', async () => {
    // The insert trigger locks the author's profile before the posts count updates it; a shared
    // lock there deadlocked two inserts by the same author on PostgreSQL (each waiting to update
    // the profile the other held).
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 6 }, () => post()))
    }
    expect(await marks()).toHaveLength(30)
  })

  it('a suspended author’s old posts stay hidden when the post is edited', async () => {
    const id = await post()
    await setProfile('suspended_at = now()')
    await suite.db.query(`update public.posts set caption = 'edited' where id = $1`, [id])
    expect(await marks()).toEqual([true])
    expect(await strangerSees(id)).toBe(false)
  })
})
