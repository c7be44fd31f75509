// The last PostgREST 12 differences supabase-js users meet, through the real supabase-js
// 2.109.0: single()/maybeSingle() and throwOnError() wording, estimated counts with head, bulk
// writes whose rows name different columns (missing=default), one destination embedded twice,
// an aggregate with no column, relationships through views, computed fields, and explain()
// behind its setting. Runs on PGlite and PostgreSQL.

import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { DEFAULT_API_CONFIG } from '../../../src/backend/api-config'
import { startHarness, type Harness } from '../../support/backend-harness'
import { describeEachBackend, postgresUrl } from '../../support/database-suite'
import { restEnvOn, type RestEnv } from '../../support/rest-env'

/** Small, so that pg12_many (60 rows) is past the exact-count threshold of estimated. */
const MAX_ROWS = 20

const FIXTURES_SQL = `
  create table public.pg12_people (
    id int primary key,
    first_name text not null,
    last_name text not null
  );
  insert into public.pg12_people values (1, 'Ada', 'Lovelace'), (2, 'Alan', 'Turing'),
    (3, 'Grace', 'Hopper');

  create table public.pg12_notes (
    id int primary key,
    author_id int not null constraint pg12_notes_author references public.pg12_people (id),
    reviewer_id int constraint pg12_notes_reviewer references public.pg12_people (id),
    body text not null,
    status text not null default 'draft',
    score int default 5
  );
  insert into public.pg12_notes values
    (1, 1, 2, 'engines', 'published', 9),
    (2, 1, 3, 'loops', 'draft', 4),
    (3, 2, 1, 'machines', 'published', 7);

  -- A view over a table keeps its foreign key for embedding (PostgREST's view key dependencies).
  create view public.pg12_note_cards as select id, author_id as writer_id, body from public.pg12_notes;
  grant select on public.pg12_note_cards to anon, authenticated;

  -- A computed field: a function of the table's row, selected like a column.
  create function public.pg12_full_name(public.pg12_people) returns text
    language sql stable as $$ select $1.first_name || ' ' || $1.last_name $$;

  create function public.pg12_count_people() returns int
    language sql stable as 'select count(*)::int from public.pg12_people';

  -- No autovacuum: its own analyze, if it came after the second insert, would count all 60.
  create table public.pg12_many (id int primary key) with (autovacuum_enabled = false);
  insert into public.pg12_many select g from generate_series(1, 50) g;
  analyze public.pg12_many;
  -- Rows the planner has not seen: the estimate stays at 50 while an exact count says 60.
  insert into public.pg12_many select g from generate_series(51, 60) g;
`

/** Switches explain() on for this database as hosted Supabase's docs say to. */
const ENABLE_PLANS_SQL = `
  do $$ begin
    execute format(
      'alter role authenticator in database %I set pgrst.db_plan_enabled = true',
      current_database()
    );
  end $$;
`

const SINGULAR_MESSAGE = 'JSON object requested, multiple (or no) rows returned'

describeEachBackend(
  'REST API: PostgREST 12 differences',
  (suite) => {
    let env: RestEnv
    /** Backends of the same kind with explain() on: by the API config, and as on hosted. */
    let planHarness: Harness
    let hostedHarness: Harness
    let planned: RestEnv
    let hosted: RestEnv

    beforeAll(async () => {
      env = restEnvOn(suite.harness)
      ;[planHarness, hostedHarness] = await Promise.all([
        startHarness(suite.kind, postgresUrl, {
          config: { api: { ...DEFAULT_API_CONFIG, planEnabled: true } }
        }),
        startHarness(suite.kind, postgresUrl)
      ])
      planned = restEnvOn(planHarness)
      hosted = restEnvOn(hostedHarness)
      await Promise.all([
        env.backend.db.exec(FIXTURES_SQL),
        planned.backend.db.exec(FIXTURES_SQL),
        hosted.backend.db.exec(FIXTURES_SQL + ENABLE_PLANS_SQL)
      ])
    })

    afterAll(async () => {
      await Promise.all([planHarness?.close(), hostedHarness?.close()])
    })

    it('answers single() over several or no rows with PostgREST 12 PGRST116 (406)', async () => {
      const several = await env.anon.from('pg12_people').select('id').single()
      expect(several.status).toBe(406)
      expect(several.data).toBeNull()
      expect(several.error).toEqual({
        code: 'PGRST116',
        details: 'The result contains 3 rows',
        hint: null,
        message: SINGULAR_MESSAGE
      })
      const none = await env.anon.from('pg12_people').select('id').eq('id', 99).single()
      expect(none.status).toBe(406)
      expect(none.error).toEqual({
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: SINGULAR_MESSAGE
      })
      const one = await env.anon.from('pg12_people').select('id').eq('id', 1).single()
      expect(one).toMatchObject({ status: 200, data: { id: 1 }, error: null })
    })

    it('rolls back a write whose single() representation is not one row', async () => {
      const { error, status } = await env.service
        .from('pg12_people')
        .insert([
          { id: 10, first_name: 'X', last_name: 'Y' },
          { id: 11, first_name: 'Z', last_name: 'W' }
        ])
        .select('id')
        .single()
      expect(status).toBe(406)
      expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' })
      const { rows } = await env.backend.db.query(
        'select id from public.pg12_people where id >= 10'
      )
      expect(rows).toEqual([])
    })

    it('gives maybeSingle() null over no rows and PGRST116 over several', async () => {
      const none = await env.anon.from('pg12_people').select('id').eq('id', 99).maybeSingle()
      expect(none).toMatchObject({ status: 200, data: null, error: null })
      const several = await env.anon.from('pg12_people').select('id').maybeSingle()
      expect(several.status).toBe(406)
      expect(several.error).toMatchObject({ code: 'PGRST116', message: SINGULAR_MESSAGE })
    })

    it('throws the same PGRST116 error from throwOnError()', async () => {
      const request = env.anon.from('pg12_people').select('id').single().throwOnError()
      await expect(request).rejects.toMatchObject({
        code: 'PGRST116',
        details: 'The result contains 3 rows',
        hint: null,
        message: SINGULAR_MESSAGE
      })
    })

    it('answers count=estimated with head: the estimate in Content-Range, no body', async () => {
      const head = await env.anon.from('pg12_many').select('*', { count: 'estimated', head: true })
      expect(head.error).toBeNull()
      expect(head.data).toBeNull()
      expect(head.count).toBe(50)
      const small = await env.anon
        .from('pg12_many')
        .select('*', { count: 'estimated', head: true })
        .lte('id', 3)
      expect(small.count).toBe(3)
      const raw = await env.rawFetch('pg12_many?select=id', {
        method: 'HEAD',
        headers: { prefer: 'count=estimated' }
      })
      expect(raw.status).toBe(206)
      expect(raw.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/50`)
      expect(raw.headers.get('preference-applied')).toBe('count=estimated')
      const located = await env.rawFetch('pg12_people?select=id,first_name&order=id&id=in.(1,2)')
      expect(located.headers.get('content-location')).toBe(
        '/pg12_people?id=in.%281%2C2%29&order=id&select=id%2Cfirst_name'
      )
      expect(await raw.text()).toBe('')
    })

    it('fills keys missing from some rows of a bulk write with DEFAULT only for missing=default', async () => {
      onTestFinished(async () => {
        await env.backend.db.exec('delete from public.pg12_notes where id >= 20')
      })
      const rows = [
        { id: 20, author_id: 1, body: 'a', status: 'published', score: 1 },
        { id: 21, author_id: 1, body: 'b' }
      ]
      const defaults = await env.service
        .from('pg12_notes')
        .insert(rows, { defaultToNull: false })
        .select('id, status, score')
      expect(defaults.error).toBeNull()
      expect(defaults.data).toEqual([
        { id: 20, status: 'published', score: 1 },
        { id: 21, status: 'draft', score: 5 }
      ])
      // Without missing=default a missing key is NULL, as in PostgREST.
      const nulls = await env.service
        .from('pg12_notes')
        .insert([
          { id: 22, author_id: 1, body: 'c', status: 'published', score: 2 },
          { id: 23, author_id: 1, body: 'd', status: 'published' }
        ])
        .select('id, score')
      expect(nulls.error).toBeNull()
      expect(nulls.data).toEqual([
        { id: 22, score: 2 },
        { id: 23, score: null }
      ])
      // What insert(rows, { defaultToNull: false }).select() sends, and what is applied.
      const raw = await env.rawFetch(
        'pg12_notes?columns=%22id%22%2C%22author_id%22%2C%22body%22%2C%22score%22&select=id%2Cscore',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            prefer: 'missing=default,return=representation',
            authorization: `Bearer ${env.backend.serviceRoleKey}`
          },
          body: JSON.stringify([
            { id: 25, author_id: 1, body: 'f' },
            { id: 26, author_id: 1, body: 'g', score: 3 }
          ])
        }
      )
      expect(raw.status).toBe(201)
      expect(raw.headers.get('preference-applied')).toBe('missing=default, return=representation')
      expect(await raw.json()).toEqual([
        { id: 25, score: 5 },
        { id: 26, score: 3 }
      ])
      // An upsert writes the columns its rows name (columns=): status, missing from row 23,
      // is reset to its DEFAULT there; score, named by no row, keeps row 23's NULL.
      const upserted = await env.service
        .from('pg12_notes')
        .upsert(
          [
            { id: 23, author_id: 1, body: 'd2' },
            { id: 24, author_id: 2, body: 'e', status: 'published' }
          ],
          { defaultToNull: false }
        )
        .select('id, body, status, score')
      expect(upserted.error).toBeNull()
      expect(upserted.data).toEqual([
        { id: 23, body: 'd2', status: 'draft', score: null },
        { id: 24, body: 'e', status: 'published', score: 5 }
      ])
    })

    it('embeds one destination twice, told apart by FK column hints or by alias', async () => {
      const notes = await env.anon
        .from('pg12_notes')
        .select(
          'id, author:pg12_people!author_id(first_name), reviewer:pg12_people!reviewer_id(first_name)'
        )
        .order('id')
      expect(notes.error).toBeNull()
      expect(notes.data).toEqual([
        { id: 1, author: { first_name: 'Ada' }, reviewer: { first_name: 'Alan' } },
        { id: 2, author: { first_name: 'Ada' }, reviewer: { first_name: 'Grace' } },
        { id: 3, author: { first_name: 'Alan' }, reviewer: { first_name: 'Ada' } }
      ])
      const people = await env.anon
        .from('pg12_people')
        .select(
          'id, drafts:pg12_notes!pg12_notes_author(id), published:pg12_notes!pg12_notes_author(id)'
        )
        .eq('drafts.status', 'draft')
        .eq('published.status', 'published')
        .eq('id', 1)
        .single()
      expect(people.error).toBeNull()
      expect(people.data).toEqual({ id: 1, drafts: [{ id: 2 }], published: [{ id: 1 }] })
      const ambiguous = await env.anon.from('pg12_notes').select('id, pg12_people(first_name)')
      expect(ambiguous.status).toBe(300)
      expect(ambiguous.error?.code).toBe('PGRST201')
    })

    it('answers an aggregate with no column as PostgREST 12 does: an embed it cannot find', async () => {
      const { status, error } = await env.anon.from('pg12_notes').select('sum()')
      expect(status).toBe(400)
      expect(error).toEqual({
        code: 'PGRST200',
        details:
          "Searched for a foreign key relationship between 'pg12_notes' and 'sum' in the schema 'public', but no matches were found.",
        hint: null,
        message: "Could not find a relationship between 'pg12_notes' and 'sum' in the schema cache"
      })
    })

    it('embeds through a view over a table, in both directions', async () => {
      const cards = await env.anon
        .from('pg12_note_cards')
        .select('id, body, pg12_people(first_name)')
        .order('id')
      expect(cards.error).toBeNull()
      expect(cards.data).toEqual([
        { id: 1, body: 'engines', pg12_people: { first_name: 'Ada' } },
        { id: 2, body: 'loops', pg12_people: { first_name: 'Ada' } },
        { id: 3, body: 'machines', pg12_people: { first_name: 'Alan' } }
      ])
      const byColumn = await env.anon
        .from('pg12_note_cards')
        .select('id, writer:writer_id(last_name)')
        .eq('id', 3)
        .single()
      expect(byColumn.data).toEqual({ id: 3, writer: { last_name: 'Turing' } })
      const people = await env.anon
        .from('pg12_people')
        .select('first_name, pg12_note_cards(id)')
        .order('id')
        .order('id', { referencedTable: 'pg12_note_cards' })
      expect(people.error).toBeNull()
      expect(people.data).toEqual([
        { first_name: 'Ada', pg12_note_cards: [{ id: 1 }, { id: 2 }] },
        { first_name: 'Alan', pg12_note_cards: [{ id: 3 }] },
        { first_name: 'Grace', pg12_note_cards: [] }
      ])
    })

    it('selects, filters and orders a computed field at the root and inside an embed', async () => {
      const root = await env.anon
        .from('pg12_people')
        .select('id, pg12_full_name')
        .order('pg12_full_name', { ascending: false })
      expect(root.error).toBeNull()
      expect(root.data).toEqual([
        { id: 3, pg12_full_name: 'Grace Hopper' },
        { id: 2, pg12_full_name: 'Alan Turing' },
        { id: 1, pg12_full_name: 'Ada Lovelace' }
      ])
      const filtered = await env.anon
        .from('pg12_people')
        .select('id, name:pg12_full_name')
        .eq('pg12_full_name', 'Alan Turing')
      expect(filtered.data).toEqual([{ id: 2, name: 'Alan Turing' }])
      const embedded = await env.anon
        .from('pg12_notes')
        .select('id, author:pg12_people!author_id(pg12_full_name)')
        .eq('id', 3)
        .single()
      expect(embedded.error).toBeNull()
      expect(embedded.data).toEqual({ id: 3, author: { pg12_full_name: 'Alan Turing' } })
      const unknown = await env.anon.from('pg12_people').select('id, pg12_nickname')
      expect(unknown.status).toBe(400)
      expect(unknown.error?.code).toBe('42703')
    })

    it('refuses explain() while plans are off, as hosted Supabase does', async () => {
      const json = await env.anon.from('pg12_people').select('id').explain({ format: 'json' })
      expect(json.status).toBe(406)
      expect(json.error).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message:
          'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"'
      })
      const text = await env.anon.from('pg12_people').select('id').explain({ analyze: true })
      expect(text.status).toBe(406)
      expect(text.error?.message).toBe(
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze'
      )
    })

    it('answers explain() with the plan of the query once plans are on', async () => {
      const json = await planned.anon
        .from('pg12_people')
        .select('id, pg12_notes!pg12_notes_author(id)')
        .eq('id', 1)
        .explain({ format: 'json' })
      expect(json.error).toBeNull()
      expect(json.status).toBe(200)
      const plan = json.data as unknown as { Plan: Record<string, unknown> }[]
      expect(plan[0].Plan['Node Type']).toBe('Aggregate')
      const text = await planned.anon.from('pg12_people').select('id').explain()
      expect(text.error).toBeNull()
      expect(String(text.data).startsWith('Aggregate')).toBe(true)
      // What explain({analyze: true, format: 'json'}) sends after single().
      const analyzed = await planned.rawFetch('pg12_people?select=id&id=eq.1', {
        headers: {
          accept:
            'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze;'
        }
      })
      expect(analyzed.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze; charset=utf-8'
      )
      const analyzedPlan = (await analyzed.json()) as { Plan: Record<string, unknown> }[]
      expect(analyzedPlan[0].Plan['Actual Rows']).toBe(1)
      const raw = await planned.rawFetch('pg12_people?select=id', {
        headers: { accept: 'application/vnd.pgrst.plan+json; options=verbose' }
      })
      expect(raw.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/json"; options=verbose; charset=utf-8'
      )
      const written = await planned.service
        .from('pg12_people')
        .insert({ id: 40, first_name: 'P', last_name: 'Q' })
        .explain({ format: 'json' })
      expect(written.status).toBe(200)
      const { rows } = await planned.backend.db.query(
        'select id from public.pg12_people where id = 40'
      )
      // A plan without analyze runs nothing.
      expect(rows).toEqual([])
    })

    it("answers explain() when the authenticator role's pgrst.db_plan_enabled is on", async () => {
      const { data, error, status } = await hosted.anon.from('pg12_people').select('id').explain()
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(String(data).startsWith('Aggregate')).toBe(true)
      const rpc = await hosted.rawFetch('rpc/pg12_count_people', {
        method: 'POST',
        body: JSON.stringify({}),
        headers: { 'content-type': 'application/json', accept: 'application/vnd.pgrst.plan' }
      })
      expect(rpc.status).toBe(200)
      expect(rpc.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8'
      )
    })
  },
  { config: { api: { ...DEFAULT_API_CONFIG, maxRows: MAX_ROWS } } }
)
