// PostgREST 12 request semantics through the real supabase-js: schema switching with
// Accept-Profile / Content-Profile, upsert status and bodies, planned and estimated counts,
// counts on a scalar rpc, missing=default with identity columns, CSV, the nxl/nxr range
// operators and the wording of PGRST errors. Runs on PGlite and PostgreSQL.

import { beforeAll, expect, it } from 'vitest'
import { DEFAULT_API_CONFIG } from '../../../src/backend/api-config'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv } from '../../support/rest-env'
import { COMPAT_FIXTURES_SQL, COMPAT_SCHEMA } from './compat-fixtures'
/** Small, so that compat_counted (55 rows) is past the exact-count threshold of estimated. */
const MAX_ROWS = 20

describeEachBackend(
  'REST API: PostgREST requests',
  (suite) => {
    let env: RestEnv

    beforeAll(async () => {
      env = restEnvOn(suite.harness)
      await env.backend.db.exec(COMPAT_FIXTURES_SQL)
    })

    it('reads and writes the schema named by Accept-Profile / Content-Profile', async () => {
      const fromPublic = await env.anon.from('compat_notes').select('body')
      expect(fromPublic.data).toEqual([{ body: 'from public' }])
      const v2 = env.anon.schema(COMPAT_SCHEMA)
      const read = await v2.from('compat_notes').select('body')
      expect(read.data).toEqual([{ body: 'from v2' }])
      const written = await v2.from('compat_notes').insert({ id: 2, body: 'written' }).select('id')
      expect(written.status).toBe(201)
      const { rows } = await env.backend.db.query(
        `select body from ${COMPAT_SCHEMA}.compat_notes where id = 2`
      )
      expect(rows).toEqual([{ body: 'written' }])
      const response = await env.rawFetch('compat_notes?select=id', {
        headers: { 'accept-profile': COMPAT_SCHEMA }
      })
      expect(response.headers.get('content-profile')).toBe(COMPAT_SCHEMA)
    })

    it('calls functions of the chosen schema with that schema first on the search path', async () => {
      const { data, error } = await env.anon
        .schema(COMPAT_SCHEMA)
        .rpc('compat_note_body', { note_id: 1 })
      expect(error).toBeNull()
      expect(data).toBe('from v2')
      const elsewhere = await env.anon.rpc('compat_note_body', { note_id: 1 })
      expect(elsewhere.error?.code).toBe('PGRST202')
    })

    it('refuses a schema that is not listed with PGRST106 (406)', async () => {
      const { error, status } = await env.anon.schema('auth').from('users').select('id')
      expect(status).toBe(406)
      expect(error).toEqual({
        code: 'PGRST106',
        details: null,
        hint: `Only the following schemas are exposed: public, ${COMPAT_SCHEMA}`,
        message: 'Invalid schema: auth'
      })
    })

    it('answers an upsert that only updated with 200 and one that inserted with 201', async () => {
      const updated = await env.anon
        .from('compat_kv')
        .upsert({ key: 'a', value: 'second' })
        .select('key, value')
      expect(updated.status).toBe(200)
      expect(updated.data).toEqual([{ key: 'a', value: 'second' }])
      const inserted = await env.anon
        .from('compat_kv')
        .upsert({ key: 'b', value: 'new' })
        .select('key, value')
      expect(inserted.status).toBe(201)
      expect(inserted.data).toEqual([{ key: 'b', value: 'new' }])
    })

    it('returns the existing row for a merge upsert whose body is only the conflict columns', async () => {
      const { data, status } = await env.anon
        .from('compat_kv')
        .upsert({ key: 'a' }, { onConflict: 'key' })
        .select('key, value, hits')
      expect(status).toBe(200)
      expect(data).toEqual([{ key: 'a', value: 'second', hits: 1 }])
    })

    it('gives planned and estimated counts from the planner past max rows, exact below', async () => {
      const count = async (mode: 'exact' | 'planned' | 'estimated'): Promise<number | null> => {
        const result = await env.anon
          .from('compat_counted')
          .select('*', { count: mode, head: true })
        expect(result.error).toBeNull()
        return result.count
      }
      expect(await count('exact')).toBe(55)
      // The planner last saw 50 rows (analyze ran before the last 5 were added).
      expect(await count('planned')).toBe(50)
      expect(await count('estimated')).toBe(50)
      const small = await env.anon
        .from('compat_counted')
        .select('id', { count: 'estimated' })
        .lte('id', 3)
      expect(small.count).toBe(3)
      const filtered = await env.anon
        .from('compat_counted')
        .select('id', { count: 'planned', head: true })
        .gt('id', 40)
      expect(filtered.error).toBeNull()
      // An estimate from the filter's selectivity: some of the rows, never more than all.
      expect(filtered.count).toBeGreaterThan(0)
      expect(filtered.count).toBeLessThanOrEqual(50)
      const page = await env.rawFetch('compat_counted?select=id&limit=2', {
        headers: { prefer: 'count=planned' }
      })
      expect(page.status).toBe(206)
      expect(page.headers.get('content-range')).toBe('0-1/50')
    })

    it('counts the value of a scalar rpc', async () => {
      const { data, count, error } = await env.anon.rpc(
        'compat_add',
        { a: 2, b: 3 },
        { count: 'exact' }
      )
      expect(error).toBeNull()
      expect(data).toBe(5)
      expect(count).toBe(1)
    })

    it('applies DEFAULT, identity included, to keys missing from some objects of a bulk insert', async () => {
      const { data, error } = await env.anon
        .from('compat_items')
        .insert(
          [
            { id: 100, name: 'given' },
            { name: 'drawn', qty: 2 }
          ],
          { defaultToNull: false }
        )
        .select('id, name, qty')
      expect(error).toBeNull()
      // As in PostgREST 12, every row evaluates every DEFAULT: row 100 draws id 1 too.
      expect(data).toEqual([
        { id: 100, name: 'given', qty: 7 },
        { id: 2, name: 'drawn', qty: 2 }
      ])
      const withoutDefaults = await env.anon
        .from('compat_items')
        .insert([{ id: 101, name: 'x' }, { name: 'y' }])
      expect(withoutDefaults.error?.code).toBe('23502')
    })

    it('answers Accept: text/csv with a header line and one line per row', async () => {
      await env.backend.db.exec(
        `insert into public.compat_addresses values (9, 'Shed, "back"', null)
       on conflict do nothing`
      )
      const { data, error } = await env.anon
        .from('compat_addresses')
        .select('id, name, city')
        .in('id', [1, 9])
        .order('id')
        .csv()
      expect(error).toBeNull()
      expect(data).toBe('id,name,city\n1,Home,Oslo\n9,"Shed, ""back""",')
    })

    it('leaves out null-valued keys for nulls=stripped (stripNulls())', async () => {
      const { data, error } = await env.anon
        .from('compat_comments')
        .select('id, parent_id')
        .in('id', [1, 2])
        .order('id')
        .stripNulls()
      expect(error).toBeNull()
      expect(data).toEqual([{ id: 1 }, { id: 2, parent_id: 1 }])
      const other = await env.rawFetch('compat_comments?select=id', {
        headers: { accept: 'application/xml' }
      })
      expect(other.status).toBe(406)
      expect(await other.json()).toMatchObject({
        code: 'PGRST107',
        message: 'None of these media types are available: application/xml'
      })
    })

    it('reads nxr as "does not extend to the right of" and nxl as "not to the left of"', async () => {
      const right = await env.anon.from('compat_slots').select('id').rangeLte('during', '[0,6)')
      expect(right.data).toEqual([{ id: 1 }])
      const left = await env.anon.from('compat_slots').select('id').rangeGte('during', '[8,9)')
      expect(left.data).toEqual([{ id: 2 }])
    })

    it('words missing tables and functions as PostgREST 12 does, with its suggestions', async () => {
      // PostgREST 12 leaves a missing table to Postgres, which suggests nothing.
      const table = await env.anon.from('compat_note').select('*')
      expect(table.status).toBe(404)
      expect(table.error).toEqual({
        code: '42P01',
        details: null,
        hint: null,
        message: 'relation "public.compat_note" does not exist'
      })
      const unrelated = await env.anon.from('zzzz').select('*')
      expect(unrelated.error?.hint).toBeNull()
      const args = await env.anon.rpc('compat_add', { a: 1 })
      expect(args.status).toBe(404)
      expect(args.error).toEqual({
        code: 'PGRST202',
        details:
          'Searched for the function public.compat_add with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.compat_add(a, b)',
        message: 'Could not find the function public.compat_add(a) in the schema cache'
      })
      const name = await env.anon.rpc('compat_ad')
      expect(name.error).toMatchObject({
        code: 'PGRST202',
        hint: 'Perhaps you meant to call the function public.compat_add',
        message:
          'Could not find the function public.compat_ad without parameters in the schema cache'
      })
    })

    it('words select parse errors as PostgREST, with the column where parsing stopped', async () => {
      const { error, status } = await env.anon
        .from('compat_notes')
        .select('*,created_by:auth.users(id)')
      expect(status).toBe(400)
      expect(error).toEqual({
        code: 'PGRST100',
        details: 'unexpected "u" expecting "sum", "avg", "count", "max" or "min"',
        hint: null,
        message:
          '"failed to parse select parameter (*,created_by:auth.users(id))" (line 1, column 19)'
      })
    })

    it("lets a function choose the whole error response with raise sqlstate 'PGRST'", async () => {
      const { error, status } = await env.anon.rpc('compat_refuse')
      expect(status).toBe(402)
      expect(error).toEqual({
        code: '123',
        details: 'Quota exceeded',
        hint: 'Upgrade',
        message: 'Payment Required'
      })
      const raw = await env.rawFetch('rpc/compat_refuse', { method: 'POST', body: '{}' })
      expect(raw.headers.get('x-powered-by')).toBe('Nerd Rage')
      const bad = await env.anon.rpc('compat_refuse_badly')
      expect(bad.status).toBe(500)
      expect(bad.error).toEqual({
        code: 'PGRST121',
        details: "Invalid JSON value for MESSAGE: 'not json'",
        hint: "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
        message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error'
      })
    })

    it('maps database errors to PostgREST 12 statuses and asks anonymous callers to authenticate', async () => {
      // "more than one row returned by a subquery": the server's fault, not the request's.
      const cardinality = await env.anon.rpc('compat_any_id')
      expect(cardinality.status).toBe(500)
      expect(cardinality.error?.code).toBe('21000')
      const denied = await env.rawFetch('compat_locked?select=id')
      expect(denied.status).toBe(401)
      expect(denied.headers.get('www-authenticate')).toBe('Bearer')
      expect(await denied.json()).toMatchObject({ code: '42501' })
    })
  },
  {
    config: {
      api: { ...DEFAULT_API_CONFIG, schemas: ['public', COMPAT_SCHEMA], maxRows: MAX_ROWS }
    }
  }
)
