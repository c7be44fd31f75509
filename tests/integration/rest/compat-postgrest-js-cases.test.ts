// Cases of postgrest-js's own suite (relationships-error-handling, head counts) that the local
// backend once answered differently from PostgREST 12, through the real supabase-js, on PGlite
// and PostgreSQL: count=estimated with head past max rows (the larger of the capped count and
// the planner's estimate, so 206), one table embedded twice without a hint (PGRST201 with its
// hint) or twice by column hints without aliases (42712), and an aliased aggregate over a column
// that does not exist (42703).

import { beforeAll, expect, it } from 'vitest'
import { DEFAULT_API_CONFIG } from '../../../src/backend/api-config'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv } from '../../support/rest-env'

const MAX_ROWS = 20

const FIXTURES_SQL = `
  create table public.js_users (username text primary key);
  insert into public.js_users values ('supabot'), ('kiwicopple'), ('awailas');
  create table public.js_best_friends (
    id int primary key,
    first_user text not null constraint js_best_friends_first_user_fkey
      references public.js_users (username),
    second_user text not null constraint js_best_friends_second_user_fkey
      references public.js_users (username)
  );
  insert into public.js_best_friends values (1, 'supabot', 'kiwicopple');

  create table public.js_stale (id int primary key);
  insert into public.js_stale select g from generate_series(1, 5) g;
  analyze public.js_stale;
  -- Rows the planner has not seen: it still estimates 5 while 60 are there.
  insert into public.js_stale select g from generate_series(6, 60) g;
`

describeEachBackend(
  'REST API: postgrest-js suite cases',
  (suite) => {
    let env: RestEnv

    beforeAll(async () => {
      env = restEnvOn(suite.harness)
      await env.backend.db.exec(FIXTURES_SQL)
    })

    it('answers count=estimated with head past max rows as PostgREST 12: 206 and at least the capped count', async () => {
      const head = await env.anon.from('js_stale').select('*', { count: 'estimated', head: true })
      expect(head).toMatchObject({ status: 206, count: MAX_ROWS + 1, data: null, error: null })
      const raw = await env.rawFetch('js_stale?select=id', {
        method: 'HEAD',
        headers: { prefer: 'count=estimated' }
      })
      expect(raw.status).toBe(206)
      expect(raw.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/${MAX_ROWS + 1}`)
    })

    it('refuses one table embedded twice without a hint with PGRST201 and its hint', async () => {
      const { status, error } = await env.anon
        .from('js_best_friends')
        .select('first:js_users(*), second:js_users(*)')
      expect(status).toBe(300)
      expect(error).toEqual({
        code: 'PGRST201',
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'js_best_friends with js_users',
            relationship:
              'js_best_friends_first_user_fkey using js_best_friends(first_user) and js_users(username)'
          },
          {
            cardinality: 'many-to-one',
            embedding: 'js_best_friends with js_users',
            relationship:
              'js_best_friends_second_user_fkey using js_best_friends(second_user) and js_users(username)'
          }
        ],
        hint: "Try changing 'js_users' to one of the following: 'js_users!js_best_friends_first_user_fkey', 'js_users!js_best_friends_second_user_fkey'. Find the desired relationship in the 'details' key.",
        message:
          "Could not embed because more than one relationship was found for 'js_best_friends' and 'js_users'"
      })
    })

    it('refuses one table embedded twice by column hints without aliases as PostgreSQL does', async () => {
      const { status, error } = await env.anon
        .from('js_best_friends')
        .select('js_users!first_user(*), js_users!second_user(*)')
      expect(status).toBe(400)
      expect(error).toEqual({
        code: '42712',
        details: null,
        hint: null,
        message: 'table name "js_best_friends_js_users_1" specified more than once'
      })
    })

    it('answers an aliased aggregate over a missing column with PostgreSQL 42703', async () => {
      const { status, error } = await env.anon
        .from('js_users')
        .select('alias:missing_column.count()')
        .eq('username', 'supabot')
      expect(status).toBe(400)
      expect(error).toEqual({
        code: '42703',
        details: null,
        hint: null,
        message: 'column js_users.missing_column does not exist'
      })
    })
  },
  { config: { api: { ...DEFAULT_API_CONFIG, maxRows: MAX_ROWS, aggregatesEnabled: true } } }
)
