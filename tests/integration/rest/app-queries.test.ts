// The REST calls the app makes (feed, profile, counts, likes, posts) through the real
// supabase-js client, on PGlite and on PostgreSQL, plus the RLS and injection error paths.

import { beforeAll, expect, it } from 'vitest'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv, type TestUser } from '../../support/rest-env'

/** PostgREST's timestamptz format: `2026-11-22T05:57:26.02+00:00`. */
const POSTGREST_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/

describeEachBackend('REST API: app queries', (suite) => {
  let env: RestEnv
  let alice: TestUser
  let bob: TestUser
  const postIds: string[] = []

  beforeAll(async () => {
    env = restEnvOn(suite.harness)
    alice = await env.createUser('alice', 'Alice Liddell')
    bob = await env.createUser('bob', 'Bob Builder')
    // Seeded as superuser with fixed times, so the order is known; two posts share a time
    // so keyset pagination has to break the tie on id.
    const seeds: [TestUser, string, string][] = [
      [alice, 'first', '2026-01-01T10:00:00Z'],
      [bob, 'second', '2026-01-02T10:00:00Z'],
      [alice, 'third', '2026-01-03T10:00:00Z'],
      [bob, 'fourth', '2026-01-03T10:00:00Z'],
      [alice, 'fifth', '2026-01-04T10:00:00.25Z']
    ]
    for (const [user, caption, at] of seeds) {
      const { rows } = await env.backend.db.query<{ id: string }>(
        `insert into public.posts (user_id, image_url, caption, created_at)
         values ($1, $2, $3, $4) returning id`,
        [
          user.id,
          `http://127.0.0.1:54321/storage/v1/object/public/images/posts/${user.id}/${caption}.png`,
          caption,
          at
        ]
      )
      postIds.push(rows[0].id)
    }
    await env.backend.db.query(
      `insert into public.follows (follower_id, following_id) values ($1, $2)`,
      [bob.id, alice.id]
    )
  })

  it('selects one profile by id with .single()', async () => {
    const { data, error, status } = await alice.client
      .from('profiles')
      .select('*')
      .eq('id', alice.id)
      .single()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toMatchObject({ id: alice.id, username: 'alice', full_name: 'Alice Liddell' })
    expect(data.created_at).toMatch(POSTGREST_TIMESTAMP)
  })

  it('reads the feed with the author embedded, newest first', async () => {
    const { data, error } = await env.anon
      .from('posts')
      .select('*, profiles(username, full_name, avatar_url)')
      .order('created_at', { ascending: false })
    expect(error).toBeNull()
    expect(data).toHaveLength(5)
    expect(data![0]).toMatchObject({
      caption: 'fifth',
      created_at: '2026-01-04T10:00:00.25+00:00',
      likes_count: 0,
      profiles: { username: 'alice', full_name: 'Alice Liddell', avatar_url: null }
    })
    expect(Object.keys(data![0].profiles)).toEqual(['username', 'full_name', 'avatar_url'])
    const times = data!.map((p) => p.created_at)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it("lists a user's own posts with eq and order", async () => {
    const { data, error } = await alice.client
      .from('posts')
      .select('*')
      .eq('user_id', alice.id)
      .order('created_at', { ascending: false })
    expect(error).toBeNull()
    expect(data!.map((p) => p.caption)).toEqual(['fifth', 'third', 'first'])
  })

  it('counts posts and follows with head requests', async () => {
    const posts = await env.anon
      .from('posts')
      .select('*', { count: 'exact', head: true })
      .eq('user_id', alice.id)
    expect(posts.error).toBeNull()
    expect(posts.count).toBe(3)
    expect(posts.data).toBeNull()
    const followers = await env.anon
      .from('follows')
      .select('*', { count: 'exact', head: true })
      .eq('following_id', alice.id)
    expect(followers.count).toBe(1)
    const following = await env.anon
      .from('follows')
      .select('*', { count: 'exact', head: true })
      .eq('follower_id', alice.id)
    expect(following.count).toBe(0)
  })

  it('returns 206 with the total when a counted page is partial', async () => {
    const response = await env.rawFetch('posts?select=id&order=created_at.desc&limit=2', {
      headers: { prefer: 'count=exact' }
    })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('0-1/5')
    const { count, data } = await env.anon
      .from('posts')
      .select('id', { count: 'exact' })
      .range(2, 3)
    expect(count).toBe(5)
    expect(data).toHaveLength(2)
  })

  it('looks up, inserts and deletes a like', async () => {
    const postId = postIds[1]
    const lookup = () =>
      alice.client.from('likes').select('id').eq('user_id', alice.id).eq('post_id', postId)

    const none = await lookup().single()
    expect(none.status).toBe(406)
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'JSON object requested, multiple (or no) rows returned'
    })
    const maybe = await lookup().maybeSingle()
    expect(maybe.error).toBeNull()
    expect(maybe.data).toBeNull()

    const inserted = await alice.client.from('likes').insert({ user_id: alice.id, post_id: postId })
    expect(inserted.error).toBeNull()
    expect(inserted.status).toBe(201)
    expect(inserted.data).toBeNull()

    const found = await lookup().single()
    expect(found.error).toBeNull()
    expect(found.data).toEqual({ id: expect.any(String) })
    const post = await env.anon.from('posts').select('likes_count').eq('id', postId).single()
    expect(post.data).toEqual({ likes_count: 1 })

    const again = await alice.client.from('likes').insert({ user_id: alice.id, post_id: postId })
    expect(again.status).toBe(409)
    expect(again.error?.code).toBe('23505')

    const deleted = await alice.client
      .from('likes')
      .delete()
      .eq('user_id', alice.id)
      .eq('post_id', postId)
    expect(deleted.error).toBeNull()
    expect(deleted.status).toBe(204)
    expect((await lookup().maybeSingle()).data).toBeNull()
    const after = await env.anon.from('posts').select('likes_count').eq('id', postId).single()
    expect(after.data).toEqual({ likes_count: 0 })
  })

  it('creates a post with insert().select().single()', async () => {
    const { data, error, status } = await bob.client
      .from('posts')
      .insert({
        user_id: bob.id,
        image_url: `http://127.0.0.1:54321/storage/v1/object/public/images/posts/${bob.id}/new.png`,
        caption: 'new one'
      })
      .select()
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toMatchObject({ user_id: bob.id, caption: 'new one', likes_count: 0 })
    expect(data.id).toEqual(expect.any(String))
    expect(data.created_at).toMatch(POSTGREST_TIMESTAMP)
    const removed = await bob.client.from('posts').delete().eq('id', data.id).select('id')
    expect(removed.data).toEqual([{ id: data.id }])
  })

  it('paginates the feed with keyset filters', async () => {
    const all = await env.anon
      .from('posts')
      .select('id, created_at')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
    const pages: string[] = []
    let cursor: { id: string; created_at: string } | null = null
    for (let page = 0; page < 5; page++) {
      let query = env.anon
        .from('posts')
        .select('id, created_at')
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(2)
      if (cursor) {
        query = query.or(
          `created_at.lt.${cursor.created_at},and(created_at.eq.${cursor.created_at},id.lt.${cursor.id})`
        )
      }
      const { data, error } = await query
      expect(error).toBeNull()
      if (!data!.length) break
      pages.push(...data!.map((p) => p.id))
      cursor = data![data!.length - 1]
    }
    expect(pages).toEqual(all.data!.map((p) => p.id))
    expect(pages).toHaveLength(5)
  })

  it('answers 401 for an anonymous write that RLS denies', async () => {
    const { error, status } = await env.anon.from('posts').insert({
      user_id: alice.id,
      image_url: 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/x.png',
      caption: 'anon'
    })
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
  })

  it('answers 403 when a user writes rows for someone else', async () => {
    const like = await bob.client.from('likes').insert({ user_id: alice.id, post_id: postIds[0] })
    expect(like.status).toBe(403)
    expect(like.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "likes"'
    })
    const post = await bob.client.from('posts').insert({
      user_id: alice.id,
      image_url: 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/x.png',
      caption: 'forged'
    })
    expect(post.status).toBe(403)
    expect(post.error?.code).toBe('42501')
  })

  it('updates only rows the policy allows', async () => {
    const denied = await bob.client
      .from('posts')
      .update({ caption: 'hijacked' })
      .eq('id', postIds[0])
      .select()
    expect(denied.error).toBeNull()
    expect(denied.data).toEqual([])
    const allowed = await alice.client
      .from('posts')
      .update({ caption: 'edited' })
      .eq('id', postIds[0])
      .select('id, caption')
      .single()
    expect(allowed.data).toEqual({ id: postIds[0], caption: 'edited' })
    const counters = await alice.client
      .from('posts')
      .update({ likes_count: 999 })
      .eq('id', postIds[0])
    expect(counters.status).toBe(403)
  })

  it('reports unknown columns and tables in PostgREST shape', async () => {
    const column = await env.anon.from('posts').select('id, nope')
    expect(column.status).toBe(400)
    expect(column.error).toMatchObject({
      code: '42703',
      message: 'column posts.nope does not exist'
    })
    const filter = await env.anon.from('posts').select('id').eq('nope', 1)
    expect(filter.status).toBe(400)
    expect(filter.error?.code).toBe('42703')
    const order = await env.anon.from('posts').select('id').order('nope')
    expect(order.status).toBe(400)
    const table = await env.anon.from('nope').select('*')
    expect(table.status).toBe(404)
    expect(table.error).toMatchObject({
      code: '42P01',
      message: 'relation "public.nope" does not exist'
    })
  })

  it('keeps SQL metacharacters in values, names and order harmless', async () => {
    const evil = `'; drop table public.posts; --`
    const value = await env.anon.from('posts').select('id').eq('caption', evil)
    expect(value.error).toBeNull()
    expect(value.data).toEqual([])
    const quoted = await env.anon.from('posts').select('id').in('caption', [evil, 'a"b', 'c,d'])
    expect(quoted.data).toEqual([])
    const like = await env.anon
      .from('posts')
      .select('id')
      .ilike('caption', `%'); delete from posts; --`)
    expect(like.data).toEqual([])

    const column = await env.anon.from('posts').select('id').eq('id; drop table posts', 'x')
    expect(column.status).toBe(400)
    const selected = await env.anon.from('posts').select('id, "x"";drop table posts;--"')
    expect(selected.status).toBe(400)
    const order = await env.anon.from('posts').select('id').order('created_at; drop table posts')
    expect(order.status).toBe(400)
    const raw = await env.rawFetch(
      `posts?select=id&order=${encodeURIComponent('created_at.desc,(select 1)')}`
    )
    expect(raw.status).toBe(400)
    const cast = await env.rawFetch(
      `posts?select=${encodeURIComponent('id::text;drop table posts')}`
    )
    expect(cast.status).toBe(400)

    const { rows } = await env.backend.db.query<{ n: number }>(
      'select count(*)::int as n from public.posts'
    )
    expect(rows[0].n).toBe(5)
  })

  it('refuses UPDATE and DELETE without filters', async () => {
    const unfiltered = await env.rawFetch('posts', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${alice.token}` }
    })
    expect(unfiltered.status).toBe(400)
    expect(await unfiltered.json()).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause'
    })
    const patch = await env.rawFetch('posts', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ caption: 'all' })
    })
    expect(await patch.json()).toMatchObject({
      code: '21000',
      message: 'UPDATE requires a WHERE clause'
    })
  })
})
