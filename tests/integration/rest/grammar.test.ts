// The rest of the PostgREST surface through supabase-js: operators, logic trees, embeds,
// upsert and bulk insert, rpc shapes, JWT and profile errors. Runs on PGlite and PostgreSQL.

import { beforeAll, expect, it } from 'vitest'
import { signJwt } from '../../../src/backend/jwt'
import { testClient } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv, type TestUser } from '../../support/rest-env'

// Created before the first REST request, so the lazily loaded schema cache sees them.
const FIXTURES_SQL = `
  create table public.gadgets (
    id serial primary key,
    name text not null unique,
    tags text[] not null default '{}',
    meta jsonb,
    price numeric(10, 2),
    made_at timestamptz not null default '2026-05-01T12:00:00Z'
  );
  insert into public.gadgets (name, tags, meta, price) values
    ('alpha', '{red,small}', '{"size": 1, "color": "red"}', 10.50),
    ('beta gamma', '{blue}', '{"size": 2}', 20),
    ('delta,(x)', '{red,large}', null, null),
    ('Epsilon', '{}', '{"size": 3}', 5.25);
  create function public.add_numbers(a int, b int) returns int
    language sql immutable as 'select a + b';
  create function public.posts_by(name text) returns setof public.posts
    language sql stable as
    'select p.* from public.posts p join public.profiles pr on pr.id = p.user_id where pr.username = name';
  create function public.gadget_names() returns setof text
    language sql stable as 'select name from public.gadgets order by id';
  create function public.first_gadget() returns public.gadgets
    language sql stable as 'select * from public.gadgets order by id limit 1';
  create function public.count_tags(tags text[]) returns int
    language sql immutable as 'select coalesce(array_length(tags, 1), 0)';
  create function public.do_nothing() returns void language sql as 'select';
  create function public.teapot() returns void language plpgsql as
    $$ begin raise sqlstate 'PT418' using message = 'I am a teapot'; end $$;
  create function public.add_gadget(name text) returns int language sql volatile as
    'insert into public.gadgets (name) values (name) returning id';
`

describeEachBackend('REST API: grammar', (suite) => {
  let env: RestEnv
  let alice: TestUser
  let bob: TestUser
  let postId: string

  beforeAll(async () => {
    env = restEnvOn(suite.harness)
    await env.backend.db.exec(FIXTURES_SQL)
    alice = await env.createUser('alice')
    bob = await env.createUser('bob')
    const { rows } = await env.backend.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url, caption) values ($1, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/a.png', 'by alice'),
       ($2, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/b.png', 'by bob') returning id`,
      [alice.id, bob.id]
    )
    postId = rows[0].id
    await env.backend.db.query(`insert into public.likes (user_id, post_id) values ($1, $2)`, [
      bob.id,
      postId
    ])
    await env.backend.db.query(
      `insert into public.follows (follower_id, following_id) values ($1, $2)`,
      [bob.id, alice.id]
    )
  })

  const names = async (
    build: (
      q: ReturnType<RestEnv['anon']['from']>
    ) => PromiseLike<{ data: unknown; error: unknown }>
  ): Promise<string[]> => {
    const { data, error } = await build(env.anon.from('gadgets'))
    expect(error).toBeNull()
    return (data as { name: string }[]).map((g) => g.name).sort()
  }

  it('supports the comparison and pattern operators', async () => {
    expect(await names((q) => q.select('name').neq('name', 'beta gamma'))).toEqual([
      'Epsilon',
      'alpha',
      'delta,(x)'
    ])
    expect(await names((q) => q.select('name').gt('price', 6).lte('price', 20))).toEqual([
      'alpha',
      'beta gamma'
    ])
    expect(await names((q) => q.select('name').like('name', '*ta*'))).toEqual([
      'beta gamma',
      'delta,(x)'
    ])
    expect(await names((q) => q.select('name').ilike('name', 'e%'))).toEqual(['Epsilon'])
    expect(await names((q) => q.select('name').match({ name: 'alpha', price: 10.5 }))).toEqual([
      'alpha'
    ])
    expect(await names((q) => q.select('name').filter('name', 'imatch', '^E'))).toEqual(['Epsilon'])
    expect(await names((q) => q.select('name').in('name', ['alpha', 'delta,(x)', 'nope']))).toEqual(
      ['alpha', 'delta,(x)']
    )
    expect(await names((q) => q.select('name').in('name', []))).toEqual([])
    expect(await names((q) => q.select('name').is('price', null))).toEqual(['delta,(x)'])
    expect(await names((q) => q.select('name').not('price', 'is', null).lt('price', 11))).toEqual([
      'Epsilon',
      'alpha'
    ])
    expect(await names((q) => q.select('name').filter('price', 'isdistinct', '20'))).toEqual([
      'Epsilon',
      'alpha',
      'delta,(x)'
    ])
    expect(await names((q) => q.select('name').eq('name', 'null'))).toEqual([])
  })

  it('supports array and JSON operators, casts and aliases', async () => {
    expect(await names((q) => q.select('name').contains('tags', ['red']))).toEqual([
      'alpha',
      'delta,(x)'
    ])
    expect(await names((q) => q.select('name').containedBy('tags', ['red', 'small']))).toEqual([
      'Epsilon',
      'alpha'
    ])
    expect(await names((q) => q.select('name').overlaps('tags', ['blue', 'large']))).toEqual([
      'beta gamma',
      'delta,(x)'
    ])
    expect(await names((q) => q.select('name').contains('meta', { color: 'red' }))).toEqual([
      'alpha'
    ])
    expect(await names((q) => q.select('name').eq('meta->>size', '2'))).toEqual(['beta gamma'])
    const { data } = await env.anon
      .from('gadgets')
      .select('label:name, price, cost:price::text, size:meta->size, meta->>color, made_at')
      .eq('name', 'alpha')
      .single()
    expect(data).toEqual({
      label: 'alpha',
      price: 10.5,
      cost: '10.50',
      size: 1,
      color: 'red',
      made_at: '2026-05-01T12:00:00+00:00'
    })
  })

  it('supports or / and trees, negation and nesting', async () => {
    expect(
      await names((q) => q.select('name').or('name.eq.alpha,and(price.gte.5,price.lt.6)'))
    ).toEqual(['Epsilon', 'alpha'])
    expect(
      await names((q) => q.select('name').or('name.in.("delta,(x)",alpha),price.eq.20'))
    ).toEqual(['alpha', 'beta gamma', 'delta,(x)'])
    const negated = await env.rawFetch(
      `gadgets?select=name&not.or=${encodeURIComponent('(name.eq.alpha,price.is.null)')}`
    )
    expect(((await negated.json()) as { name: string }[]).map((g) => g.name).sort()).toEqual([
      'Epsilon',
      'beta gamma'
    ])
    expect(await names((q) => q.select('name').or('name.not.like.*a*,tags.cs.{blue}'))).toEqual([
      'Epsilon',
      'beta gamma'
    ])
  })

  it('orders by several columns with nulls placement, limit and offset', async () => {
    const { data } = await env.anon
      .from('gadgets')
      .select('name')
      .order('price', { ascending: false, nullsFirst: true })
      .order('name')
      .range(1, 2)
    expect(data!.map((g) => g.name)).toEqual(['beta gamma', 'alpha'])
    const last = await env.anon
      .from('gadgets')
      .select('name')
      .order('price', { ascending: true, nullsFirst: false })
    expect(last.data!.map((g) => g.name)).toEqual(['Epsilon', 'alpha', 'beta gamma', 'delta,(x)'])
    const ranged = await env.rawFetch('gadgets?select=name&order=id', { headers: { range: '1-2' } })
    expect(ranged.headers.get('content-range')).toBe('1-2/*')
    expect(((await ranged.json()) as { name: string }[]).map((g) => g.name)).toEqual([
      'beta gamma',
      'delta,(x)'
    ])
  })

  it('embeds many-to-one, one-to-many, nested, aliased and hinted relations', async () => {
    const { data, error } = await env.anon
      .from('profiles')
      .select(
        'username, posts(caption, likes(liker:profiles(username))), followers:follows!following_id(follower_id)'
      )
      .eq('username', 'alice')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      username: 'alice',
      posts: [{ caption: 'by alice', likes: [{ liker: { username: 'bob' } }] }],
      followers: [{ follower_id: bob.id }]
    })
    const hinted = await env.anon
      .from('posts')
      .select('caption, author:profiles!posts_user_id_fkey(username)')
      .eq('id', postId)
      .single()
    expect(hinted.data).toEqual({ caption: 'by alice', author: { username: 'alice' } })
  })

  it('filters through !inner embeds and scopes embedded filters, order and limit', async () => {
    const inner = await env.anon
      .from('posts')
      .select('caption, profiles!inner(username)')
      .eq('profiles.username', 'bob')
    expect(inner.data).toEqual([{ caption: 'by bob', profiles: { username: 'bob' } }])
    const left = await env.anon
      .from('posts')
      .select('caption, profiles(username)')
      .eq('profiles.username', 'bob')
      .order('caption')
    expect(left.data).toEqual([
      { caption: 'by alice', profiles: null },
      { caption: 'by bob', profiles: { username: 'bob' } }
    ])
    const limited = await env.anon
      .from('profiles')
      .select('username, posts(caption)')
      .eq('username', 'alice')
      .limit(0, { referencedTable: 'posts' })
      .single()
    expect(limited.data).toEqual({ username: 'alice', posts: [] })
    const stray = await env.anon.from('posts').select('caption').eq('profiles.username', 'bob')
    expect(stray.error?.code).toBe('PGRST108')
  })

  it('reports missing and ambiguous relationships', async () => {
    const missing = await env.anon.from('posts').select('*, gadgets(*)')
    expect(missing.status).toBe(400)
    expect(missing.error?.code).toBe('PGRST200')
    const ambiguous = await env.anon.from('profiles').select('*, follows(*)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error?.code).toBe('PGRST201')
  })

  it('bulk inserts with columns=, missing keys null unless missing=default', async () => {
    const bulk = await env.service
      .from('gadgets')
      .insert([{ name: 'bulk1', price: 1 }, { name: 'bulk2' }])
      .select('name, price, tags')
    expect(bulk.error).toBeNull()
    expect(bulk.data).toEqual([
      { name: 'bulk1', price: 1, tags: [] },
      { name: 'bulk2', price: null, tags: [] }
    ])
    const nullTags = await env.service
      .from('gadgets')
      .insert([{ name: 'bulk3', tags: ['x'] }, { name: 'bulk4' }])
    expect(nullTags.status).toBe(400)
    expect(nullTags.error?.code).toBe('23502')
    const defaults = await env.service
      .from('gadgets')
      .insert([{ name: 'bulk5', tags: ['x'] }, { name: 'bulk6' }], { defaultToNull: false })
      .select('name, tags')
    expect(defaults.error).toBeNull()
    expect(defaults.data).toEqual([
      { name: 'bulk5', tags: ['x'] },
      { name: 'bulk6', tags: [] }
    ])
    const unknown = await env.service.from('gadgets').insert({ name: 'x', nope: 1 })
    expect(unknown.status).toBe(400)
    expect(unknown.error?.code).toBe('PGRST204')
  })

  it('upserts with merge-duplicates and ignore-duplicates', async () => {
    const merged = await env.service
      .from('gadgets')
      .upsert({ name: 'alpha', price: 11 }, { onConflict: 'name' })
      .select('name, price')
    expect(merged.error).toBeNull()
    expect(merged.data).toEqual([{ name: 'alpha', price: 11 }])
    const ignored = await bob.client
      .from('likes')
      .upsert(
        { user_id: bob.id, post_id: postId },
        { onConflict: 'user_id,post_id', ignoreDuplicates: true }
      )
    expect(ignored.error).toBeNull()
    expect(ignored.status).toBe(201)
    const { count } = await env.anon
      .from('likes')
      .select('*', { count: 'exact', head: true })
      .eq('post_id', postId)
    expect(count).toBe(1)
  })

  it('rolls back a mutation asked for one object when it touches several rows', async () => {
    const result = await env.service
      .from('gadgets')
      .update({ price: 0 })
      .in('name', ['beta gamma', 'Epsilon'])
      .select()
      .single()
    expect(result.status).toBe(406)
    expect(result.error?.code).toBe('PGRST116')
    const { data } = await env.anon.from('gadgets').select('price').eq('name', 'Epsilon').single()
    expect(data).toEqual({ price: 5.25 })
  })

  it('calls functions with every result shape', async () => {
    expect((await env.anon.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5)
    expect((await env.anon.rpc('add_numbers', { a: 2, b: 3 }, { get: true })).data).toBe(5)
    expect((await env.anon.rpc('count_tags', { tags: ['a', 'b', 'c'] })).data).toBe(3)
    expect((await env.anon.rpc('gadget_names')).data).toEqual(expect.arrayContaining(['alpha']))
    const first = await env.anon.rpc('first_gadget')
    expect(first.data).toMatchObject({ name: 'alpha', tags: ['red', 'small'] })
    const posts = await env.anon
      .rpc('posts_by', { name: 'alice' })
      .select('caption, profiles(username)')
    expect(posts.data).toEqual([{ caption: 'by alice', profiles: { username: 'alice' } }])
    const filtered = await env.anon.rpc('posts_by', { name: 'alice' }).eq('caption', 'nope')
    expect(filtered.data).toEqual([])
    const nothing = await env.anon.rpc('do_nothing')
    expect(nothing.status).toBe(204)
    expect(nothing.data).toBeNull()
  })

  it('maps rpc errors: unknown function, custom status, writes in GET', async () => {
    const unknown = await env.anon.rpc('nope', { a: 1 })
    expect(unknown.status).toBe(404)
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope(a) in the schema cache'
    })
    const wrongArgs = await env.anon.rpc('add_numbers', { a: 1, c: 2 })
    expect(wrongArgs.error?.code).toBe('PGRST202')
    const teapot = await env.anon.rpc('teapot')
    expect(teapot.status).toBe(418)
    expect(teapot.error).toMatchObject({ code: 'PT418', message: 'I am a teapot' })
    const readOnly = await env.anon.rpc('add_gadget', { name: 'via get' }, { get: true })
    expect(readOnly.status).toBe(405)
    expect(readOnly.error?.code).toBe('25006')
    const write = await env.anon.rpc('add_gadget', { name: 'via post' })
    expect(write.error).toBeNull()
    expect(typeof write.data).toBe('number')
  })

  it('rejects bad and expired JWTs with PostgREST codes', async () => {
    const forged = testClient(env.url, env.backend.anonKey, { token: 'not.a.jwt' })
    const bad = await forged.from('posts').select('id')
    expect(bad.status).toBe(401)
    expect(bad.error?.code).toBe('PGRST301')
    const token = await signJwt(
      env.backend.context.keys,
      { role: 'authenticated', sub: alice.id },
      -60
    )
    const expired = await testClient(env.url, env.backend.anonKey, { token })
      .from('posts')
      .select('id')
    expect(expired.status).toBe(401)
    expect(expired.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
  })

  it('accepts only the public schema', async () => {
    const other = await env.anon.schema('auth').from('users').select('*')
    expect(other.status).toBe(406)
    expect(other.error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' })
  })

  it('reports bad grammar as 400 PGRST100 and bad values as 22P02', async () => {
    const select = await env.rawFetch('posts?select=id,profiles(username')
    expect(select.status).toBe(400)
    expect(((await select.json()) as { code: string }).code).toBe('PGRST100')
    const operator = await env.rawFetch('posts?id=nope.1')
    expect(operator.status).toBe(400)
    const value = await env.anon.from('posts').select('id').eq('id', 'not-a-uuid')
    expect(value.status).toBe(400)
    expect(value.error?.code).toBe('22P02')
  })
})
