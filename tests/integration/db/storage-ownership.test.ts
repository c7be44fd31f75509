// Who may attach which photo, decided by the database on PGlite and PostgreSQL: every way a
// client writes a photo URL (a direct insert into posts, create_post with a carousel, a story
// insert, an avatar update) meets one anchored, canonical check (is_own_storage_url), so no
// spelling of another user's photo, no dot segment, percent escape, query or fragment gets
// through. Attacker B tries to attach victim A's photo; every try must be refused and leave no
// row behind, and B's own canonical URL must still be accepted.

import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { attemptAs, resetData, signUp, snapshot, type Actor } from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

const BASE = 'http://127.0.0.1:5400/storage/v1/object/public/images'

/** Ways to spell a URL that must never count as attacker B's own photo in `folder`. */
function hostileUrls(folder: string, victim: string, attacker: string): [string, string][] {
  const victims = `${BASE}/${folder}/${victim}/a1.png`
  return [
    ["the victim's exact URL", victims],
    [
      'own folder after a query',
      `${victims}?/storage/v1/object/public/images/${folder}/${attacker}/`
    ],
    ['own folder after a fragment', `${victims}#/${folder}/${attacker}/x.png`],
    ['%2e%2e out of the own folder', `${BASE}/${folder}/${attacker}/%2e%2e/${victim}/a1.png`],
    ['%2E%2E upper case', `${BASE}/${folder}/${attacker}/%2E%2E/${victim}/a1.png`],
    ['.. out of the own folder', `${BASE}/${folder}/${attacker}/../${victim}/a1.png`],
    ['a . segment', `${BASE}/${folder}/${attacker}/./a1.png`],
    ['an escaped slash', `${BASE}/${folder}/${attacker}%2f..%2f${victim}/a1.png`],
    ['a sub-folder', `${BASE}/${folder}/${attacker}/sub/a1.png`],
    ['a hidden file', `${BASE}/${folder}/${attacker}/.a1.png`],
    ['an empty segment', `${BASE}/${folder}/${attacker}//a1.png`],
    ['no file', `${BASE}/${folder}/${attacker}/`],
    ['a trailing newline', `${BASE}/${folder}/${attacker}/a1.png\n`],
    ['a backslash', `${BASE}/${folder}/${attacker}\\..\\${victim}/a1.png`],
    [
      'user info before the host',
      `http://${attacker}@evil.example/storage/v1/object/public/images/${folder}/${attacker}/a.png`
    ],
    ['the upper-case id', `${BASE}/${folder}/${attacker.toUpperCase()}/a1.png`],
    [
      'another bucket',
      `http://127.0.0.1:5400/storage/v1/object/public/other/${folder}/${attacker}/a.png`
    ],
    ['another folder', `${BASE}/${folder === 'posts' ? 'stories' : 'posts'}/${attacker}/a.png`],
    [
      'the folder in a query of another site',
      `https://evil.example/?u=${BASE}/${folder}/${attacker}/a.png`
    ],
    [
      'a scheme-relative URL',
      `//127.0.0.1:5400/storage/v1/object/public/images/${folder}/${attacker}/a.png`
    ],
    [
      'another scheme',
      `javascript://127.0.0.1/storage/v1/object/public/images/${folder}/${attacker}/a.png`
    ]
  ]
}

const ownUrls = (folder: string, owner: string): string[] => [
  `${BASE}/${folder}/${owner}/1764000000000-abcdefghij.png`,
  `https://abcdefghijklmnop.supabase.co/storage/v1/object/public/images/${folder}/${owner}/${randomUUID()}-0.webp`,
  `http://[::1]:54321/storage/v1/object/public/images/${folder}/${owner}/x-thumb.jpg`,
  `http://localhost/storage/v1/object/public/images/${folder}/${owner}/a_b.c.gif`
]

describeEachDatabase('storage URL ownership', (suite) => {
  let victim: Actor
  let attacker: Actor

  beforeAll(async () => {
    await resetData(suite.db)
    victim = await signUp(suite.db, 'victim A', { username: 'own_victim' })
    attacker = await signUp(suite.db, 'attacker B', { username: 'own_attacker' })
  })

  /** Runs one write as the attacker and proves it was refused with `code` and changed nothing. */
  async function refused(table: string, code: string, sql: string, params: unknown[]) {
    const before = await snapshot(suite.db, table)
    const outcome = await attemptAs(suite.db, attacker, sql, params)
    expect(outcome, String(params.at(-1))).toMatchObject({ ok: false, code })
    expect(await snapshot(suite.db, table)).toEqual(before)
  }

  it('a direct insert into posts takes only a canonical URL in the own posts folder', async () => {
    const insert = 'insert into posts (user_id, image_url) values ($1, $2)'
    for (const [name, url] of hostileUrls('posts', victim.id!, attacker.id!)) {
      await refused('public.posts', '42501', insert, [attacker.id, url]).catch((error) => {
        throw new Error(`${name}: ${String(error)}`)
      })
    }
    // The thumbnail is held to the same rule as the photo.
    const photo = ownUrls('posts', attacker.id!)[0]
    const thumbInsert = 'insert into posts (user_id, image_url, thumb_url) values ($1, $2, $3)'
    for (const [, url] of hostileUrls('posts', victim.id!, attacker.id!)) {
      await refused('public.posts', '42501', thumbInsert, [attacker.id, photo, url])
    }
    for (const url of ownUrls('posts', attacker.id!)) {
      expect(await attemptAs(suite.db, attacker, insert, [attacker.id, url]), url).toMatchObject({
        ok: true,
        rowCount: 1
      })
    }
  })

  it('create_post refuses any carousel position outside the own folder, and adds nothing', async () => {
    const call = 'select id from create_post($1, $2::jsonb)'
    const own = ownUrls('posts', attacker.id!)[0]
    for (const [name, url] of hostileUrls('posts', victim.id!, attacker.id!)) {
      for (const images of [
        [{ image_url: url }],
        [{ image_url: own }, { image_url: url }],
        [{ image_url: own, thumb_url: url }],
        [{ image_url: own }, { image_url: own, thumb_url: url }]
      ]) {
        const before = await snapshot(suite.db, 'public.post_images')
        const outcome = await attemptAs(suite.db, attacker, call, ['x', JSON.stringify(images)])
        expect(outcome, name).toMatchObject({
          ok: false,
          code: '42501',
          message: 'Every photo must be uploaded to your own folder first'
        })
        expect(await snapshot(suite.db, 'public.post_images')).toEqual(before)
      }
    }
    const images = ownUrls('posts', attacker.id!).map((image_url) => ({ image_url }))
    const made = await attemptAs(suite.db, attacker, call, ['mine', JSON.stringify(images)])
    expect(made).toMatchObject({ ok: true, rowCount: 1 })
  })

  it('a story takes only a canonical URL in the own stories folder', async () => {
    const insert = `insert into stories (user_id, image_url, thumb_url, width, height)
                    values ($1, $2, $3, 1080, 1920)`
    const own = ownUrls('stories', attacker.id!)[0]
    for (const [, url] of hostileUrls('stories', victim.id!, attacker.id!)) {
      await refused('public.stories', '42501', insert, [attacker.id, url, null])
      await refused('public.stories', '42501', insert, [attacker.id, own, url])
    }
    for (const url of ownUrls('stories', attacker.id!)) {
      expect(
        await attemptAs(suite.db, attacker, insert, [attacker.id, url, url]),
        url
      ).toMatchObject({ ok: true, rowCount: 1 })
    }
  })

  it('an avatar takes only a canonical URL in the own avatars folder', async () => {
    const update = 'update profiles set avatar_url = $2 where id = $1'
    for (const [, url] of hostileUrls('avatars', victim.id!, attacker.id!)) {
      await refused('public.profiles', '23514', update, [attacker.id, url])
    }
    for (const url of ownUrls('avatars', attacker.id!)) {
      expect(await attemptAs(suite.db, attacker, update, [attacker.id, url]), url).toMatchObject({
        ok: true,
        rowCount: 1
      })
    }
  })

  it('every role, the service role included, meets the canonical shape', async () => {
    const [post] = (
      await suite.db.query<{ id: string }>(
        'insert into public.posts (user_id, image_url) values ($1, $2) returning id',
        [attacker.id, ownUrls('posts', attacker.id!)[0]]
      )
    ).rows
    const inserts: [string, unknown[]][] = [
      ['insert into public.posts (user_id, image_url) values ($1, $2)', [attacker.id]],
      [
        'insert into public.stories (user_id, image_url, width, height) values ($1, $2, 1, 1)',
        [attacker.id]
      ],
      [
        'insert into public.post_images (post_id, position, image_url) values ($1, 5, $2)',
        [post.id]
      ]
    ]
    for (const [sql, [first]] of inserts) {
      for (const url of [
        `${BASE}/posts/${attacker.id}/%2e%2e/a.png`,
        `${BASE}/posts/${attacker.id}/a.png?x=1`,
        `http://u@127.0.0.1/storage/v1/object/public/images/posts/${attacker.id}/a.png`
      ]) {
        await expect(
          suite.db.transaction(async (tx) => {
            // The carousel guard lets only create_post's own transaction add photos.
            await tx.query(`select set_config('app.creating_post', $1, true)`, [post.id])
            await tx.query(sql, [first, url])
          }),
          `${sql}: ${url}`
        ).rejects.toMatchObject({ code: '23514' })
      }
    }
  })
})
