// The sign-up trigger (app_private.handle_new_user) as the auth server fires it: an insert
// into auth.users as supabase_auth_admin, a role with no rights on public tables.

import { randomUUID } from 'node:crypto'
import { beforeEach, expect, it } from 'vitest'
import {
  asAuthAdmin,
  inRolledBackTransaction,
  resetData,
  signUp,
  signUpUsers,
  sqlStateOf
} from '../../support/sql-actors'
import { describeEachDatabase } from '../../support/database-suite'

interface ProfileRow {
  id: string
  username: string
  full_name: string | null
}

describeEachDatabase('sign-up trigger', (suite) => {
  beforeEach(async () => {
    await resetData(suite.db)
  })

  async function profile(id: string): Promise<ProfileRow | undefined> {
    const { rows } = await suite.db.query<ProfileRow>(
      'select id, username, full_name from public.profiles where id = $1',
      [id]
    )
    return rows[0]
  }

  it('supabase_auth_admin, which runs the sign-up insert, is no superuser and cannot write profiles', async () => {
    const { rows } = await suite.db.query<{ super: boolean; bypass: boolean; insert: boolean }>(
      `select rolsuper as super, rolbypassrls as bypass,
              has_table_privilege('supabase_auth_admin', 'public.profiles', 'insert') as insert
       from pg_roles where rolname = 'supabase_auth_admin'`
    )
    expect(rows).toEqual([{ super: false, bypass: false, insert: false }])
  })

  it('signing up creates the profile from the username and full name in the metadata', async () => {
    const user = await signUp(suite.db, 'user', { username: 'jane.doe_1', fullName: 'Jane Doe' })
    expect(await profile(user.id ?? '')).toEqual({
      id: user.id,
      username: 'jane.doe_1',
      full_name: 'Jane Doe'
    })
  })

  it('the username is trimmed and lower-cased', async () => {
    const user = await signUp(suite.db, 'user', { username: '  Jane.Doe  ', fullName: ' Jane ' })
    expect(await profile(user.id ?? '')).toMatchObject({ username: 'jane.doe', full_name: 'Jane' })
  })

  it('an invalid or missing username falls back to a generated user_<id> username', async () => {
    const invalid = ['jane doe', 'jd', 'j'.repeat(31), 'jane!', 'jané', '']
    const ids = await signUpUsers(suite.db, [
      ...invalid.map((username) => ({ username })),
      {} // no username in the metadata at all
    ])
    for (const id of ids) {
      const expected = `user_${id.replaceAll('-', '').slice(0, 12)}`
      expect(await profile(id)).toMatchObject({ username: expected })
    }
  })

  it('a missing or blank full name is stored as null', async () => {
    const [blank, missing] = await signUpUsers(suite.db, [
      { username: 'blank', fullName: '   ' },
      { username: 'missing' }
    ])
    expect(await profile(blank)).toMatchObject({ full_name: null })
    expect(await profile(missing)).toMatchObject({ full_name: null })
  })

  it('a taken username makes the sign-up fail with 23505 and leaves no user behind', async () => {
    await signUp(suite.db, 'first', { username: 'taken' })
    await expect(signUp(suite.db, 'second', { username: 'TAKEN' })).rejects.toMatchObject({
      code: '23505'
    })
    const { rows } = await suite.db.query<{ users: number; profiles: number }>(
      `select (select count(*) from auth.users)::int as users,
              (select count(*) from public.profiles)::int as profiles`
    )
    expect(rows[0]).toEqual({ users: 1, profiles: 1 })
  })

  it("deleting the auth user removes their profile, posts, likes and follows, and fixes others' like counts", async () => {
    const [alice, bob] = await signUpUsers(suite.db, [{ username: 'alice' }, { username: 'bob' }])
    const { rows } = await suite.db.query<{ id: string }>(
      `insert into public.posts (user_id, image_url) values ($1, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/a.png'), ($2, 'http://127.0.0.1:54321/storage/v1/object/public/images/posts/b.png') returning id`,
      [alice, bob]
    )
    await suite.db.query(
      'insert into public.likes (user_id, post_id) values ($1, $3), ($2, $4), ($2, $3)',
      [alice, bob, rows[1].id, rows[0].id]
    )
    await suite.db.query('insert into public.follows values ($1, $2), ($2, $1)', [alice, bob])
    await asAuthAdmin(suite.db, (tx) => tx.query('delete from auth.users where id = $1', [alice]))
    const { rows: left } = await suite.db.query<Record<string, number>>(
      `select (select count(*) from public.profiles)::int as profiles,
              (select count(*) from public.posts)::int as posts,
              (select count(*) from public.likes)::int as likes,
              (select count(*) from public.follows)::int as follows,
              (select likes_count from public.posts where id = $1) as bob_post_likes`,
      [rows[1].id]
    )
    // Bob's post had likes from Alice and Bob; only Bob's own like remains.
    expect(left[0]).toEqual({ profiles: 1, posts: 1, likes: 1, follows: 0, bob_post_likes: 1 })
  })

  it('SECURITY DEFINER matters: the same trigger function without it fails for supabase_auth_admin', async () => {
    const outcome = await inRolledBackTransaction(suite.db, async (tx) => {
      const { rows } = await tx.query<{ definition: string }>(
        `select pg_get_functiondef('app_private.handle_new_user'::regproc) as definition`
      )
      const definer = rows[0].definition
      expect(definer).toMatch(/SECURITY DEFINER/)
      const invoker = definer
        .replace('app_private.handle_new_user', 'scratch_invoker.handle_new_user')
        .replace(/\s+SECURITY DEFINER/, '')
      expect(invoker).not.toMatch(/SECURITY DEFINER/)
      await tx.exec(`
          create schema scratch_invoker;
          grant usage on schema scratch_invoker to supabase_auth_admin;
          ${invoker};
          alter table auth.users disable trigger on_auth_user_created;
          create trigger scratch_invoker_created after insert on auth.users
            for each row execute function scratch_invoker.handle_new_user();`)
      await tx.query(`select set_config('role', 'supabase_auth_admin', true)`)
      const insertUser = `insert into auth.users (id, email, raw_user_meta_data)
                            values ($1, $2, '{"username": "invoker"}')`
      const withoutDefiner = await sqlStateOf(tx, insertUser, [randomUUID(), 'i@example.test'])
      // The control: the same insert, same role, with the real SECURITY DEFINER trigger.
      await tx.query('reset role')
      await tx.exec(`
          drop trigger scratch_invoker_created on auth.users;
          alter table auth.users enable trigger on_auth_user_created;`)
      await tx.query(`select set_config('role', 'supabase_auth_admin', true)`)
      const withDefiner = await sqlStateOf(tx, insertUser, [randomUUID(), 'd@example.test'])
      return { withoutDefiner, withDefiner }
    })
    expect(outcome).toEqual({ withoutDefiner: '42501', withDefiner: 'ok' })
    // Rolled back: neither the scratch schema nor the users exist.
    const { rows } = await suite.db.query<{ schemas: number; users: number }>(
      `select (select count(*) from pg_namespace where nspname = 'scratch_invoker')::int as schemas,
              (select count(*) from auth.users)::int as users`
    )
    expect(rows[0]).toEqual({ schemas: 0, users: 0 })
  })
})
