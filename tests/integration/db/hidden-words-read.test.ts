// Hidden words apply as comments are read (migration 20261129110200), on PGlite and PostgreSQL.
// Adding or removing words on a post with many comments rewrites none of them, however many
// match (before, each word re-checked and rewrote the author's comments in the request: 20 words
// on a post with 4,600 comments held the backend 158 s); the one-pass matcher agrees with
// app_rules.text_has_word for every kind of word; and a list holds at most MAX_WORD_FILTERS.

import { randomUUID } from 'node:crypto'
import { beforeEach, expect, it } from 'vitest'
import { MAX_WORD_FILTERS } from '../../../src/shared/limits'
import { anon, attemptAs, resetData, runAs, signUp, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const COMMENTS = 2_000

describeEachDatabase('hidden words, applied when read', (suite) => {
  let author: Actor
  let writer: Actor
  let reader: Actor
  let post: string

  const visibleTo = async (actor: Actor): Promise<number> => {
    const { rows } = await runAs<{ n: number }>(
      suite.db,
      actor,
      'select count(*)::int as n from comments where post_id = $1',
      [post]
    )
    return rows[0].n
  }

  beforeEach(async () => {
    await resetData(suite.db)
    author = await signUp(suite.db, 'author', { username: 'author' })
    writer = await signUp(suite.db, 'writer', { username: 'writer' })
    reader = await signUp(suite.db, 'reader', { username: 'reader' })
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into posts (user_id, image_url) values ($1, $2) returning id`,
      [author.id, `http://127.0.0.1:5400/storage/v1/object/public/images/posts/${author.id}/1.webp`]
    )
    post = rows[0].id
  })

  it('adding and removing words on a post with many comments rewrites none of them', async () => {
    // Every third comment carries the word the author will hide.
    await suite.db.query(
      `insert into comments (post_id, user_id, body)
       select $1, $2, case when i % 3 = 0 then 'a SPOILER here, number ' || i
                           else 'a fine comment, number ' || i end
       from generate_series(1, $3::int) as i`,
      [post, writer.id, COMMENTS]
    )
    // Each row's version: a rewritten row gets a new xmin and ctid.
    const versions = async (): Promise<string> =>
      (
        await suite.db.query<{ v: string }>(
          `select string_agg(id || ':' || xmin::text || ':' || ctid::text, ',' order by id) as v
           from comments where post_id = $1`,
          [post]
        )
      ).rows[0].v
    const before = await versions()
    // Twenty words, one request each, as the attack sent them; then the offensive filter.
    for (let i = 0; i < 19; i++) {
      await runAs(
        suite.db,
        author,
        `insert into word_filters (kind, word) values ('hide_comments', $1)`,
        [`word${i}`]
      )
    }
    await runAs(
      suite.db,
      author,
      `insert into word_filters (kind, word) values ('hide_comments', 'spoiler')`
    )
    await runAs(
      suite.db,
      author,
      'insert into content_settings (hide_offensive_comments) values (true)'
    )
    expect(await versions()).toBe(before)
    const hidden = Math.floor(COMMENTS / 3)
    expect(await visibleTo(reader)).toBe(COMMENTS - hidden)
    expect(await visibleTo(anon)).toBe(COMMENTS - hidden)
    expect(await visibleTo(author)).toBe(COMMENTS)
    expect(await visibleTo(writer)).toBe(COMMENTS)
    await runAs(suite.db, author, 'delete from word_filters')
    expect(await versions()).toBe(before)
    expect(await visibleTo(reader)).toBe(COMMENTS)
  })

  it('hides exactly the comments app_rules.text_has_word matches, for every kind of word', async () => {
    const words = [
      'spoiler', // a whole word
      'fat pig', // words with a space, kept under their longest run
      'pig', // a whole word that is also a run of the phrase above
      '#cats', // a hashtag: the # must not follow a letter
      'a.b', // punctuation inside
      'c++', // punctuation at the end
      '(', // no letters at all
      '🙈', // an emoji, no letters either
      'kill yourself', // the offensive-words list, switched on below
      'dupa'
    ]
    const bodies = [
      'Big SPOILER ahead',
      'spoilers ahead',
      'you fat pig!',
      'fat  pig',
      'a guinea pig',
      'love #cats',
      'love#cats',
      'love #catsanddogs',
      'a.b here',
      'axb here',
      'I write c++ daily',
      'c+++',
      'what ( now',
      'see no evil 🙈',
      'monkey🙈',
      'please kill yourself',
      'nothing to see',
      'DUPA.',
      'dupablah'
    ]
    for (const word of words.filter((w) => w !== 'kill yourself')) {
      await runAs(
        suite.db,
        author,
        `insert into word_filters (kind, word) values ('hide_comments', $1)`,
        [word]
      )
    }
    await runAs(
      suite.db,
      author,
      'insert into content_settings (hide_offensive_comments) values (true)'
    )
    for (const body of bodies) {
      await runAs(
        suite.db,
        writer,
        'insert into comments (post_id, user_id, body) values ($1, $2, $3)',
        [post, writer.id, body]
      )
    }
    const { rows: expected } = await suite.db.query<{ body: string; hidden: boolean }>(
      `select c.body,
              exists (select 1 from unnest($2::text[] || app_private.offensive_words()) w
                      where app_rules.text_has_word(c.body, w)) as hidden
       from comments c where c.post_id = $1 order by c.body`,
      [post, words]
    )
    // The matcher agrees with the word-by-word rule on every body, both ways round.
    expect(expected.filter((row) => row.hidden).length).toBeGreaterThan(5)
    expect(expected.filter((row) => !row.hidden).length).toBeGreaterThan(5)
    const { rows: seen } = await runAs<{ body: string }>(
      suite.db,
      reader,
      'select body from comments where post_id = $1 order by body',
      [post]
    )
    expect(seen.map((row) => row.body)).toEqual(
      expected.filter((row) => !row.hidden).map((row) => row.body)
    )
    // The author is told which ones, through the `hidden` field; nobody else is.
    const told = async (actor: Actor): Promise<{ body: string; hidden: boolean }[]> =>
      (
        await runAs<{ body: string; hidden: boolean }>(
          suite.db,
          actor,
          'select c.body, hidden(c) as hidden from comments c where post_id = $1 order by body',
          [post]
        )
      ).rows
    expect(await told(author)).toEqual(expected)
    expect((await told(writer)).every((row) => !row.hidden)).toBe(true)
  })

  it(`holds at most ${MAX_WORD_FILTERS} words in a list, with a clear refusal`, async () => {
    expect(MAX_WORD_FILTERS).toBe(500)
    const fill = (kind: string, n: number): Promise<unknown> =>
      runAs(
        suite.db,
        author,
        `insert into word_filters (kind, word) select $1, 'w' || i from generate_series(1, $2::int) i`,
        [kind, n]
      )
    await fill('hide_comments', MAX_WORD_FILTERS)
    const over = await attemptAs(
      suite.db,
      author,
      `insert into word_filters (kind, word) values ('hide_comments', $1)`,
      [randomUUID()]
    )
    expect(over).toEqual({
      ok: false,
      code: '23514',
      message: `A word list holds at most ${MAX_WORD_FILTERS} words`
    })
    // The other list, and the other people, have their own.
    await fill('mute', MAX_WORD_FILTERS)
    await runAs(
      suite.db,
      reader,
      `insert into word_filters (kind, word) values ('hide_comments', 'x')`
    )
    // A full list still hides: the last word counts.
    await runAs(
      suite.db,
      writer,
      `insert into comments (post_id, user_id, body) values ($1, $2, 'w500')`,
      [post, writer.id]
    )
    expect(await visibleTo(reader)).toBe(0)
  })
})
