// PostgREST 12 embedding through the real supabase-js: many-to-many through a join table,
// self-references with hints, embeds named by their foreign key in both directions, spread
// embeds, aggregate functions behind their switch, and the PGRST200/201/119/123 errors.
// Runs on PGlite and PostgreSQL.

import { afterAll, beforeAll, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../support/backend-harness'
import { describeEachBackend, postgresUrl } from '../../support/database-suite'
import { restEnvOn, type RestEnv } from '../../support/rest-env'
import { COMPAT_FIXTURES_SQL, ENABLE_AGGREGATES_SQL } from './compat-fixtures'

describeEachBackend('REST API: PostgREST embedding', (suite) => {
  let env: RestEnv
  /** A second backend of the same kind, with aggregates left off. */
  let plainHarness: Harness
  let plain: RestEnv

  beforeAll(async () => {
    env = restEnvOn(suite.harness)
    plainHarness = await startHarness(suite.kind, postgresUrl)
    plain = restEnvOn(plainHarness)
    await env.backend.db.exec(COMPAT_FIXTURES_SQL + ENABLE_AGGREGATES_SQL)
    await plain.backend.db.exec(COMPAT_FIXTURES_SQL)
  })

  afterAll(async () => {
    await plainHarness?.close()
  })

  it('embeds many-to-many through the join table, in both directions and by junction hint', async () => {
    const actors = await env.anon
      .from('compat_actors')
      .select('name, compat_films(title)')
      .order('id')
      .order('id', { referencedTable: 'compat_films' })
    expect(actors.error).toBeNull()
    expect(actors.data).toEqual([
      { name: 'Ada', compat_films: [{ title: 'Dawn' }, { title: 'Dusk' }] },
      { name: 'Bo', compat_films: [{ title: 'Dawn' }] },
      { name: 'Cy', compat_films: [] }
    ])
    const films = await env.anon
      .from('compat_films')
      .select('title, cast:compat_actors!compat_roles(name)')
      .eq('id', 10)
      .order('name', { referencedTable: 'cast' })
      .single()
    expect(films.data).toEqual({ title: 'Dawn', cast: [{ name: 'Ada' }, { name: 'Bo' }] })
  })

  it('filters parents through a many-to-many !inner embed and counts what remains', async () => {
    const { data, count, error } = await env.anon
      .from('compat_actors')
      .select('name, compat_films!inner(title)', { count: 'exact' })
      .eq('compat_films.title', 'Dusk')
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'Ada', compat_films: [{ title: 'Dusk' }] }])
    expect(count).toBe(1)
  })

  it('spreads several to-one embeds, and a spread inside a spread', async () => {
    const { data, error } = await env.anon
      .from('compat_roles')
      .select('character, ...compat_films(film:title), ...compat_actors(actor:name)')
      .eq('film_id', 20)
    expect(error).toBeNull()
    expect(data).toEqual([{ character: 'twin', film: 'Dusk', actor: 'Ada' }])
    const nested = await env.anon
      .from('compat_comments')
      .select('id, ...parent_id(parent_body:body, ...parent_id(grandparent:id))')
      .eq('id', 2)
      .single()
    expect(nested.data).toEqual({ id: 2, parent_body: 'root', grandparent: null })
  })

  it('embeds a self-reference: replies by table name, the parent by its FK column or a hint', async () => {
    const { data, error } = await env.anon
      .from('compat_comments')
      .select('id, parent:parent_id(body), replies:compat_comments(id)')
      .order('id')
      .order('id', { referencedTable: 'replies' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, parent: null, replies: [{ id: 2 }, { id: 3 }] },
      { id: 2, parent: { body: 'root' }, replies: [] },
      { id: 3, parent: { body: 'root' }, replies: [] }
    ])
    const hinted = await env.anon
      .from('compat_comments')
      .select('id, compat_comments!parent_id(id)')
      .eq('id', 1)
      .single()
    expect(hinted.data).toEqual({ id: 1, compat_comments: [{ id: 2 }, { id: 3 }] })
  })

  it('embeds through computed relationships, to-one with rows 1 and to-many otherwise', async () => {
    const comments = await env.anon
      .from('compat_comments')
      .select('id, compat_parent(body)')
      .order('id')
    expect(comments.error).toBeNull()
    expect(comments.data).toEqual([
      { id: 1, compat_parent: null },
      { id: 2, compat_parent: { body: 'root' } },
      { id: 3, compat_parent: { body: 'root' } }
    ])
    const actors = await env.anon
      .from('compat_actors')
      .select('name, compat_costars(name)')
      .order('id')
    expect(actors.data).toEqual([
      { name: 'Ada', compat_costars: [{ name: 'Bo' }] },
      { name: 'Bo', compat_costars: [{ name: 'Ada' }] },
      { name: 'Cy', compat_costars: [] }
    ])
  })

  it('disambiguates two FKs to one table by constraint or column, and names embeds by FK both ways', async () => {
    const order = await env.anon
      .from('compat_orders')
      .select(
        'id, bill:compat_addresses!billing(name), ship:compat_addresses!shipping_address_id(name)'
      )
      .eq('id', 1)
      .single()
    expect(order.data).toEqual({ id: 1, bill: { name: 'Home' }, ship: { name: 'Office' } })
    const byConstraint = await env.anon
      .from('compat_orders')
      .select('id, billing(city)')
      .eq('id', 4)
    expect(byConstraint.data).toEqual([{ id: 4, billing: { city: 'Bergen' } }])
    const reverse = await env.anon
      .from('compat_addresses')
      .select('name, billing(id), shipping(id)')
      .eq('id', 2)
      .order('id', { referencedTable: 'shipping' })
      .single()
    expect(reverse.data).toEqual({
      name: 'Office',
      billing: [{ id: 3 }],
      shipping: [{ id: 1 }, { id: 3 }]
    })
  })

  it('answers an ambiguous embed with PGRST201 and a missing one with PGRST200, worded as PostgREST', async () => {
    const ambiguous = await env.anon.from('compat_orders').select('*, compat_addresses(*)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'compat_orders with compat_addresses',
          relationship: 'billing using compat_orders(billing_address_id) and compat_addresses(id)'
        },
        {
          cardinality: 'many-to-one',
          embedding: 'compat_orders with compat_addresses',
          relationship: 'shipping using compat_orders(shipping_address_id) and compat_addresses(id)'
        }
      ],
      hint: "Try changing 'compat_addresses' to one of the following: 'compat_addresses!billing', 'compat_addresses!shipping'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'compat_orders' and 'compat_addresses'"
    })
    const missing = await env.anon.from('compat_films').select('*, compat_addresses!nope(*)')
    expect(missing.status).toBe(400)
    expect(missing.error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'compat_films' and 'compat_addresses' using the hint 'nope' in the schema 'public', but no matches were found.",
      // The closest of the tables compat_films is related to, as PostgREST suggests it.
      hint: "Perhaps you meant 'compat_roles' instead of 'compat_addresses'.",
      message:
        "Could not find a relationship between 'compat_films' and 'compat_addresses' in the schema cache"
    })
  })

  it('spreads a to-one embed into the parent and refuses a to-many spread with PGRST119', async () => {
    const { data, error } = await env.anon
      .from('compat_orders')
      .select('id, ...compat_addresses!billing(name, city)')
      .in('id', [1, 3])
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, name: 'Home', city: 'Oslo' },
      { id: 3, name: 'Office', city: 'Oslo' }
    ])
    const toMany = await env.anon.from('compat_addresses').select('id, ...billing(id)')
    expect(toMany.status).toBe(400)
    expect(toMany.error).toMatchObject({
      code: 'PGRST119',
      message: "A spread operation on 'billing' is not possible"
    })
  })

  it('aggregates with and without grouping, with casts and aliases', async () => {
    const totals = await env.anon
      .from('compat_orders')
      .select('amount.sum(), amount.avg()::int, orders:count(), amount::int.max()')
    expect(totals.error).toBeNull()
    expect(totals.data).toEqual([{ sum: 42.75, avg: 11, orders: 4, max: 20 }])
    const perDay = await env.anon
      .from('compat_orders')
      .select('order_date, total:amount.sum(), count()')
      .order('order_date')
    expect(perDay.data).toEqual([
      { order_date: '2026-01-01', total: 30.75, count: 2 },
      { order_date: '2026-01-02', total: 12, count: 2 }
    ])
    const perCity = await env.anon
      .from('compat_orders')
      .select('amount.sum(), ...compat_addresses!billing(city)')
    expect(perCity.error).toBeNull()
    // PostgREST 12 cannot order by an aggregate; the groups are sorted here.
    const byCity = [...(perCity.data ?? [])].sort((a, b) => String(a.city).localeCompare(b.city))
    expect(byCity).toEqual([
      { sum: 7, city: 'Bergen' },
      { sum: 35.75, city: 'Oslo' }
    ])
  })

  it('applies aggregates inside a spread embed at the parent level', async () => {
    const { data, error } = await env.anon
      .from('compat_orders')
      .select('order_date, ...compat_addresses!billing(places:count(), name.max())')
      .order('order_date')
    expect(error).toBeNull()
    expect(data).toEqual([
      { order_date: '2026-01-01', places: 2, max: 'Home' },
      { order_date: '2026-01-02', places: 2, max: 'Office' }
    ])
  })

  it('counts and sums embedded rows per parent row', async () => {
    const { data, error } = await env.anon
      .from('compat_addresses')
      .select('name, billing(count), shipping(amount.sum())')
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Home', billing: [{ count: 2 }], shipping: [{ sum: 20.25 }] },
      { name: 'Office', billing: [{ count: 1 }], shipping: [{ sum: 15.5 }] },
      { name: 'Cabin', billing: [{ count: 1 }], shipping: [{ sum: 7 }] }
    ])
  })

  it('refuses aggregate functions with PGRST123 unless switched on, but keeps the legacy count', async () => {
    const refused = await plain.anon.from('compat_orders').select('amount.sum()')
    expect(refused.status).toBe(400)
    expect(refused.error).toEqual({
      code: 'PGRST123',
      details: null,
      hint: null,
      message: 'Use of aggregate functions is not allowed'
    })
    const legacy = await plain.anon
      .from('compat_addresses')
      .select('id, billing(count)')
      .eq('id', 1)
      .single()
    expect(legacy.data).toEqual({ id: 1, billing: [{ count: 2 }] })
  })
})
