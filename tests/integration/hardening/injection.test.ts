// SQL metacharacters in every part of a PostgREST request, table-driven, on PGlite and
// PostgreSQL: filter values (through supabase-js and raw), filter and select column names,
// order strings and logic trees. A value must match only itself; grammar that is not grammar
// must be a 400; nothing may answer 500, sleep, leak auth data or change a row.
// tests/integration/rest/app-queries.test.ts "keeps SQL metacharacters … harmless" has the
// first handful of these; this is the broad set.

import { beforeAll, expect, it } from 'vitest'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { fingerprint } from '../../support/attacks'
import { describeEachBackend } from '../../support/database-suite'

const EVIL_VALUES = [
  `'`,
  `''`,
  `' or '1'='1`,
  `' or 1=1 --`,
  `'; drop table public.posts; --`,
  `'); delete from public.likes; --`,
  `\\'; select pg_sleep(3); --`,
  `$$; drop table public.posts; $$`,
  `"`,
  `")`,
  `a,b`,
  `(x)`,
  `a.b.c`,
  `eq.x`,
  `not.is.null`,
  `*`,
  `%`,
  `_`,
  `\\`,
  `::text`,
  `1; select 1`,
  `<script>alert(1)</script>`,
  `😀 ünïcödé`,
  `null`,
  ` `
]

/** Statuses a bad request may get; never 500. */
const OK_OR_BAD = [200, 206, 400, 404]

describeEachBackend('injection through the REST API', (suite) => {
  let harness: Harness
  let user: SignedIn
  const postByCaption = new Map<string, string>()

  beforeAll(async () => {
    harness = suite.harness
    user = await signUpAndIn(harness, 'inject')
    // One post per evil value, so "a value matches only itself" is checkable.
    for (const caption of EVIL_VALUES) {
      const { rows } = await harness.backend.db.query<{ id: string }>(
        `insert into public.posts (user_id, image_url, caption) values ($1, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/x.png', $2) returning id`,
        [user.userId, caption]
      )
      postByCaption.set(caption, rows[0].id)
    }
  })

  const raw = async (query: string): Promise<{ status: number; text: string; ms: number }> => {
    const started = Date.now()
    const response = await fetch(`${harness.backend.url}/rest/v1/posts?${query}`, {
      headers: { apikey: harness.backend.anonKey, authorization: `Bearer ${user.accessToken}` }
    })
    return { status: response.status, text: await response.text(), ms: Date.now() - started }
  }

  it.each(EVIL_VALUES)(
    'the value %j in eq, neq, in, like, ilike matches only itself',
    async (value) => {
      const before = await fingerprint(harness.backend.db)
      const posts = (): ReturnType<typeof user.client.from> => user.client.from('posts')
      const eq = await posts().select('id').eq('caption', value)
      expect(eq.error).toBeNull()
      expect(eq.data).toEqual([{ id: postByCaption.get(value) }])
      const inList = await posts().select('id').in('caption', [value])
      // Inside a quoted in-list item PostgREST reads a backslash as an escape (postgrest-js
      // quotes items holding `,()` but does not escape backslashes), so such a value may match
      // nothing; it still never matches anything else.
      expect(inList.error).toBeNull()
      if (value.includes('\\')) expect(inList.data?.length ?? 0).toBeLessThanOrEqual(1)
      else expect(inList.data).toEqual([{ id: postByCaption.get(value) }])
      const neq = await posts().select('id', { count: 'exact', head: true }).neq('caption', value)
      expect(neq.count).toBe(EVIL_VALUES.length - 1)
      // like/ilike treat % and _ as wildcards by design; everything else is literal.
      for (const op of ['like', 'ilike'] as const) {
        const result = await posts().select('id')[op]('caption', value)
        // A pattern ending in the escape character is Postgres's 22025: a 400, as in PostgREST.
        if (value.endsWith('\\')) {
          expect(result.status, op).toBe(400)
          continue
        }
        expect(result.error, op).toBeNull()
        if (!/[%_*\\]/.test(value))
          expect(result.data, op).toEqual([{ id: postByCaption.get(value) }])
      }
      // The same value against typed columns is a type error (400), not SQL.
      for (const column of ['id', 'created_at', 'likes_count']) {
        const typed = await posts().select('id').eq(column, value)
        expect(OK_OR_BAD, column).toContain(typed.status)
      }
      expect(await fingerprint(harness.backend.db)).toEqual(before)
    }
  )

  it.each([
    ['select', 'id,caption;drop table posts'],
    ['select', 'id)--'],
    ['select', '*,profiles(*);--'],
    ['select', 'id::text);drop table posts;--'],
    ['select', 'id,pg_sleep(3)'],
    ['select', 'id,(select 1)'],
    ['select', '*,users(*)'],
    ['select', '*,auth.users(*)'],
    ['select', '"id"""'],
    ['select', 'id:caption::int'],
    ['select', 'x:current_setting(role)'],
    ['order', 'caption;drop table posts'],
    ['order', 'caption.desc;drop table posts'],
    ['order', '(select 1)'],
    ['order', 'pg_sleep(3)'],
    ['order', 'random()'],
    ['order', 'caption.sideways'],
    ['order', 'caption.asc.nullsfirst,id.desc'],
    ['or', '(caption.eq.x,id.not.is.null))--'],
    ['or', '(caption.eq.x);drop table posts'],
    ['or', '(and(caption.eq.x),pg_sleep.eq.3)'],
    ['caption;drop table posts', 'eq.x'],
    ['caption)or(true', 'eq.x'],
    ['"caption"', 'eq.x'],
    ['caption', 'cs.{x}'],
    ['caption', 'sleep.3'],
    ['limit', '1;drop table posts'],
    ['offset', '-1'],
    ['columns', 'caption;drop'],
    ['on_conflict', 'id;drop']
  ])('%s=%s is answered without SQL running: never 500, no sleep, no leak', async (key, value) => {
    const before = await fingerprint(harness.backend.db)
    const { status, text, ms } = await raw(new URLSearchParams({ [key]: value }).toString())
    expect(OK_OR_BAD).toContain(status)
    expect(ms).toBeLessThan(2500)
    expect(text).not.toMatch(/\$2[aby]\$|encrypted_password|refresh_token/)
    expect(await fingerprint(harness.backend.db)).toEqual(before)
  })

  it('a caption full of metacharacters round-trips through insert, update and select unchanged', async () => {
    const caption = EVIL_VALUES.join(' ')
    const inserted = await user.client
      .from('posts')
      .insert({
        user_id: user.userId,
        image_url: `http://127.0.0.1:54321/storage/v1/object/public/images/posts/${user.userId}/x.png`,
        caption: caption.slice(0, 500)
      })
      .select('id, caption')
      .single()
    expect(inserted.error).toBeNull()
    expect(inserted.data?.caption).toBe(caption.slice(0, 500))
    const reversed = [...caption].reverse().join('').slice(0, 500)
    const updated = await user.client
      .from('posts')
      .update({ caption: reversed })
      .eq('id', inserted.data!.id)
      .select('caption')
      .single()
    expect(updated.data?.caption).toBe(reversed)
    const { rows } = await harness.backend.db.query<{ caption: string }>(
      'select caption from public.posts where id = $1',
      [inserted.data!.id]
    )
    expect(rows[0].caption).toBe(reversed)
  })
})
