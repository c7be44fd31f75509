// At most 30 hashtags in a caption (supabase/migrations/20261126190200_caption_hashtag_limit.sql):
// the database counts them as the renderer does (src/shared/text-links.ts hashtagCount), refuses a
// 31st on insert and on edit in the app's own words, and checkCaption refuses it before any request.

import { beforeEach, expect, it } from 'vitest'
import { checkCaption } from '../../../src/shared/data/post-edits'
import { MAX_CAPTION_HASHTAGS } from '../../../src/shared/limits'
import { MESSAGES } from '../../../src/shared/messages'
import { hashtagCount } from '../../../src/shared/text-links'
import { describeEachDatabase } from '../../support/database-suite'
import { resetData, runAs, signUp, type Actor } from '../../support/sql-actors'

const STORAGE = 'https://example.test/storage/v1/object/public/images/posts'
const tags = (count: number, prefix = 'tag'): string =>
  Array.from({ length: count }, (_, i) => `#${prefix}${i}`).join(' ')

const COUNT_CASES = [
  '#one #two',
  '#same #same #SAME',
  'mail#not &#not @#not x#not',
  '#a#b',
  '(#yes) [#yes], "#yes"!',
  `#${'a'.repeat(100)} #${'b'.repeat(101)}`,
  'café #crème #brûlée',
  tags(31)
]

describeEachDatabase('at most 30 hashtags in a caption', (suite) => {
  let alice: Actor

  // As alice, through the posts policies: the photo is in her own folder.
  const post = (caption: string): Promise<unknown> =>
    runAs(
      suite.db,
      alice,
      'insert into posts (user_id, image_url, caption) values ($1, $2, $3) returning id',
      [alice.id, `${STORAGE}/${alice.id}/1.png`, caption]
    )

  beforeEach(async () => {
    await resetData(suite.db)
    alice = await signUp(suite.db, 'alice', { username: 'alice' })
  })

  it.each(COUNT_CASES)('counts the hashtags of %j as the renderer does', async (text) => {
    const { rows } = await suite.db.query<{ n: number }>(
      // The one rule both the tag index and the limit read.
      'select count(*)::int as n from app_private.caption_hashtags($1)',
      [text]
    )
    expect(rows[0].n).toBe(hashtagCount(text))
  })

  it('takes 30, refuses 31 on insert and on edit, in the app’s words', async () => {
    expect(MAX_CAPTION_HASHTAGS).toBe(30)
    await expect(post(tags(30))).resolves.toBeDefined()
    await expect(post(tags(31))).rejects.toMatchObject({
      code: '23514',
      message: MESSAGES.tooManyHashtags
    })
    const { rows } = await suite.db.query<{ id: string }>('select id from public.posts')
    expect(rows).toHaveLength(1)
    await expect(
      suite.db.query('update public.posts set caption = $1 where id = $2', [tags(31), rows[0].id])
    ).rejects.toMatchObject({ code: '23514' })
    // Each one written counts: the same tag 31 times is 31.
    await expect(post(Array(31).fill('#again').join(' '))).rejects.toMatchObject({
      code: '23514'
    })
  })

  it('checkCaption refuses the 31st before any request', () => {
    expect(checkCaption(` ${tags(30)} `)).toBe(tags(30))
    expect(() => checkCaption(tags(31))).toThrow(MESSAGES.tooManyHashtags)
  })
})
