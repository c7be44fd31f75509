// One mention rule and sane usernames (supabase/migrations/20261125100000_mentions_and_usernames.sql):
// the database and the renderer (src/shared/text-links.ts) find the same mentions in every text
// of a table, "@bob." notifies bob, a comment may mention at most 20 people, the notification
// dedupe lookup has its index, and usernames the database refuses are the ones the app's
// pattern refuses (no stray dots, at least one letter or digit).

import { beforeEach, expect, it } from 'vitest'
import { DATABASE_LIMITS } from '../../../src/backend/request-limits'
import { USERNAME_PATTERN } from '../../../src/shared/limits'
import { mentionedUsernames } from '../../../src/shared/text-links'
import { describeEachDatabase } from '../../support/database-suite'
import { resetData, runAs, signUp, type Actor } from '../../support/sql-actors'

const IMAGE = 'https://example.test/storage/v1/object/public/images/posts/x/1.png'

const MENTION_CASES = [
  'hi @bob',
  'hi @bob.',
  'hi @bob...',
  '@Bob_1.x and @bob_1.X',
  '@bob.smith. @bob..smith',
  '@ab. @ab @abc',
  'mail@carol &@dave #tag@erin @@fay',
  '(@carol) [@dave], "@erin"!',
  '@bob@carol',
  'café @bob\n@carol\t@dave',
  `@${'a'.repeat(35)} @${'b'.repeat(30)}`,
  '@... @._. @_x_ @.bob',
  '#tag @bob #other'
]

const USERNAME_CASES = [
  'bob',
  'b.ob',
  'bob_',
  '_bob',
  'a_b.c',
  'a1.b2.c3',
  'bob.',
  '.bob',
  'bo..b',
  '...',
  '___',
  '_._',
  'ab',
  'a'.repeat(31),
  'Bob',
  'bob-1'
]

describeEachDatabase('one mention rule, bounded mentions, usernames', (suite) => {
  let alice: Actor
  let postId: string

  const comment = (body: string): Promise<unknown> =>
    runAs(
      suite.db,
      alice,
      'insert into comments (post_id, user_id, body) values ($1, $2, $3) returning id',
      [postId, alice.id, body]
    )

  beforeEach(async () => {
    await resetData(suite.db)
    alice = await signUp(suite.db, 'alice', { username: 'alice' })
    const { rows } = await suite.db.query<{ id: string }>(
      'insert into public.posts (user_id, image_url) values ($1, $2) returning id',
      [alice.id, IMAGE]
    )
    postId = rows[0].id
  })

  it.each(MENTION_CASES)('finds the mentions the renderer links in %j', async (text) => {
    const { rows } = await suite.db.query<{ names: string[] }>(
      'select coalesce(array_agg(n order by n), array[]::text[]) as names from app_private.mentioned_usernames($1) n',
      [text]
    )
    expect(rows[0].names).toEqual([...mentionedUsernames(text)].sort())
  })

  it('notifies bob, not "bob.", for "@bob."', async () => {
    const bob = await signUp(suite.db, 'bob', { username: 'bob' })
    await comment('thanks @bob.')
    const { rows } = await suite.db.query(
      `select recipient_id from public.notifications where type = 'mention'`
    )
    expect(rows).toEqual([{ recipient_id: bob.id }])
  })

  it('tells someone mentioned again on the same post only once the first mention is read', async () => {
    const bob = await signUp(suite.db, 'bob', { username: 'bob' })
    const mentions = async (): Promise<number> =>
      (
        await suite.db.query(
          `select 1 from public.notifications where type = 'mention' and recipient_id = $1`,
          [bob.id]
        )
      ).rows.length
    for (let i = 0; i < 5; i++) await comment(`@bob look ${i}`)
    expect(await mentions()).toBe(1)
    await suite.db.query('update public.notifications set read_at = now()')
    await comment('@bob and again')
    expect(await mentions()).toBe(2)
  })

  it('refuses a comment that mentions more than 20 people, and notifies nobody', async () => {
    expect(DATABASE_LIMITS.maxMentionsPerComment).toBe(20)
    const { rows } = await suite.db.query<{ most: number }>(
      'select app_private.max_mentions_per_comment() as most'
    )
    expect(rows[0].most).toBe(DATABASE_LIMITS.maxMentionsPerComment)
    const names = Array.from({ length: 21 }, (_, i) => `@person_${i}`)
    await expect(comment(names.join(' '))).rejects.toMatchObject({
      code: '23514',
      message: 'A comment may mention at most 20 people'
    })
    // The same name twice is one person: 20 distinct names pass.
    await expect(comment([...names.slice(0, 20), names[0]].join(' '))).resolves.toBeDefined()
  })

  it('answers the notification dedupe lookup from an index of unread rows', async () => {
    await suite.db.exec('set enable_seqscan = off')
    try {
      const { rows } = await suite.db.query<Record<string, string>>(
        `explain select 1 from public.notifications n
         where n.recipient_id = $1 and n.actor_id = $1 and n.type = 'mention' and n.read_at is null`,
        [alice.id]
      )
      expect(rows.map((r) => Object.values(r)[0]).join('\n')).toContain(
        'notifications_unread_dedupe_idx'
      )
    } finally {
      await suite.db.exec('reset enable_seqscan')
    }
  })

  it.each(USERNAME_CASES)('the database and USERNAME_PATTERN agree on %j', async (name) => {
    let accepted = true
    try {
      await suite.db.query('update public.profiles set username = $1 where id = $2', [
        name,
        alice.id
      ])
    } catch (error) {
      expect(error).toMatchObject({ code: '23514' })
      accepted = false
    }
    expect(accepted).toBe(USERNAME_PATTERN.test(name))
  })

  it('gives a sign-up that wished for "bob." a generated username', async () => {
    const wished = await signUp(suite.db, 'dotted', { username: 'bob.' })
    const { rows } = await suite.db.query<{ username: string }>(
      'select username from public.profiles where id = $1',
      [wished.id]
    )
    expect(rows[0].username).toMatch(/^user_[0-9a-f]{12}$/)
  })
})
