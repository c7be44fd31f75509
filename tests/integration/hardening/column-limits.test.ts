// Every user-writable text column has a length limit, and image, thumbnail and avatar URLs must
// be this project's public storage URLs: enforced by the database (migration
// 20261123110000_column_limits.sql), so a client that skips the app cannot store a huge URL
// that every feed read would then carry, or point an image at another site.

import { beforeAll, expect, it } from 'vitest'
import { signUpAndIn, type Harness, type SignedIn } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'

const STORAGE = 'http://127.0.0.1:54321/storage/v1/object/public/images'
const HOSTED = 'https://abcdefghij.supabase.co/storage/v1/object/public/images'

describeEachBackend('column limits', (suite) => {
  let harness: Harness
  let user: SignedIn

  beforeAll(async () => {
    harness = suite.harness
    user = await signUpAndIn(harness, 'columns')
  })

  const insertPost = (fields: Record<string, unknown>) =>
    user.client
      .from('posts')
      .insert({
        user_id: user.userId,
        image_url: `${STORAGE}/posts/${user.userId}/a.webp`,
        ...fields
      })
      .select('id')

  const updateProfile = (fields: Record<string, unknown>) =>
    user.client.from('profiles').update(fields).eq('id', user.userId).select('id')

  it('accepts storage public URLs of this local backend and of a hosted project', async () => {
    for (const base of [STORAGE, HOSTED]) {
      const image = `${base}/posts/${user.userId}/ok.webp`
      const post = await insertPost({ image_url: image, thumb_url: `${image}-thumb.webp` })
      expect(post.error).toBeNull()
      const profile = await updateProfile({
        avatar_url: `${base}/avatars/${user.userId}/me.png`
      })
      expect(profile.error).toBeNull()
    }
  })

  it.each([
    ['another site', 'https://evil.example/x.png'],
    ['a script URL', 'javascript:alert(1)//storage/v1/object/public/x'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a path that climbs out of storage', `${STORAGE}/../../../rest/v1/posts`],
    // Under the 1 MiB body cap (a larger body is refused with 413 before SQL, stall-shapes.test.ts).
    ['a 512 KB URL', `${STORAGE}/${'a'.repeat(512 * 1024)}.png`],
    ['a URL with a space', `${STORAGE}/a b.png`]
  ])('refuses %s as image_url, thumb_url and avatar_url', async (_, url) => {
    // A user's post insert meets the ownership policy (is_own_storage_url) before the shape
    // constraint; the constraint alone, for every role, is in db/storage-ownership.test.ts.
    const image = await insertPost({ image_url: url })
    expect(image.error).toMatchObject({ code: '42501' })
    const thumb = await insertPost({ thumb_url: url })
    expect(thumb.error).toMatchObject({ code: '42501' })
    const avatar = await updateProfile({ avatar_url: url })
    expect(avatar.error).toMatchObject({ code: '23514' })
    // The generic storage check, or a stricter one that wants the owner's own avatars folder.
    expect(avatar.error?.message).toMatch(/profiles_avatar_url_(own_)?(storage|canonical)/)
  })

  it('refuses a full name over 100 characters', async () => {
    const { error } = await updateProfile({ full_name: 'x'.repeat(101) })
    expect(error).toMatchObject({ code: '23514' })
    expect(error?.message).toMatch(/profiles_full_name_length/)
    expect((await updateProfile({ full_name: 'x'.repeat(100) })).error).toBeNull()
  })

  it('refuses a sign-up whose full name is over 100 characters with a 422, not a 500', async () => {
    const { error } = await harness.anon().auth.signUp({
      email: `long-name-${Date.now()}@example.com`,
      password: 'secret123',
      options: { data: { username: `long_${Date.now()}`, full_name: 'x'.repeat(101) } }
    })
    expect(error).toMatchObject({ status: 422, message: 'Full name is too long.' })
  })

  it('has a length limit on every text column a client may write', async () => {
    const { rows } = await harness.backend.db.query<{ column: string }>(
      `select c.table_name || '.' || c.column_name as column
       from information_schema.column_privileges p
       join information_schema.columns c using (table_schema, table_name, column_name)
       where p.table_schema = 'public' and p.grantee in ('anon', 'authenticated')
         and p.privilege_type in ('INSERT', 'UPDATE') and c.data_type = 'text'
         and not exists (
           select 1 from pg_constraint k
           where k.conrelid = format('public.%I', c.table_name)::regclass and k.contype = 'c'
             and pg_get_constraintdef(k.oid) like '%' || c.column_name || '%'
         )
       group by 1 order by 1`
    )
    expect(rows).toEqual([])
  })
})
