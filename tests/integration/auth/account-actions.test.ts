// The app's account operations (src/shared/data/auth.ts, account.ts, two-factor.ts) against the
// real backend on both databases: sign-in with a username (public.sign_in_email never tells an
// email without the password, and stops guessing), the MFA second step, an RLS policy that asks
// for aal2, and deleting an account with everything of it, counted row by row and object by
// object.

import { beforeAll, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { totpCode, totpStep } from '../../../src/backend/auth/totp'
import { AUTH_MESSAGES } from '../../../src/shared/auth-messages'
import { changePassword, deleteAccount } from '../../../src/shared/data/account'
import { signIn } from '../../../src/shared/data/auth'
import { addComment } from '../../../src/shared/data/comments'
import { follow } from '../../../src/shared/data/follows'
import { setPostLike } from '../../../src/shared/data/likes'
import { uploadAvatar } from '../../../src/shared/data/profile-edits'
import {
  confirmTwoFactor,
  enrollTwoFactor,
  needsSecondFactor,
  verifySecondFactor
} from '../../../src/shared/data/two-factor'
import { decodeClaims, signUpAndIn, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { png, postPhotos } from '../posts/support'

/** The secret in the data the QR code carries, as an authenticator app reads it. */
const codeNow = (secret: string): string => totpCode(secret, totpStep(Date.now()))

describeEachBackend(
  'account actions',
  (suite) => {
    let harness: Harness

    beforeAll(() => {
      vi.spyOn(console, 'info').mockImplementation(() => undefined)
      harness = suite.harness
    })

    it('signs in with a username and the password, and says which part is wrong', async () => {
      const user = await signUpAndIn(harness, 'byname')
      const client = harness.anon()
      await signIn(client, { email: `  @${user.username.toUpperCase()} `, password: user.password })
      expect((await client.auth.getUser()).data.user?.id).toBe(user.userId)

      // The server's sentence when it sends one, else the spec's fallback; the app's words under it.
      const other = harness.anon()
      await expect(
        signIn(other, { email: user.username, password: 'wrong-one' })
      ).rejects.toMatchObject({ message: `Failed to sign in\n${AUTH_MESSAGES.wrongPassword}` })
      await expect(
        signIn(other, { email: 'nobody_has_this_name', password: 'whatever' })
      ).rejects.toMatchObject({ message: `Failed to sign in\n${AUTH_MESSAGES.unknownUsername}` })
      await expect(
        signIn(other, { email: user.email, password: 'wrong-one' })
      ).rejects.toMatchObject({
        message: `Invalid login credentials\n${AUTH_MESSAGES.wrongPassword}`
      })
    })

    it('never gives an email for a wrong password, and stops guessing after ten', async () => {
      const user = await signUpAndIn(harness, 'guessed')
      const anon = harness.anon()
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const { data, error } = await anon.rpc('sign_in_email', {
          login: user.username,
          password: `guess-${attempt}`
        })
        expect(error).toBeNull()
        expect(data).toEqual([{ account_exists: true, email: null }])
      }
      const blocked = await anon.rpc('sign_in_email', {
        login: user.username,
        password: user.password
      })
      expect(blocked.error).toMatchObject({ code: 'P0001', hint: 'too_many_attempts' })
      await expect(signIn(anon, { email: user.username, password: user.password })).rejects.toThrow(
        AUTH_MESSAGES.waitBeforeRetry
      )
    })

    it('changes the password only with the current one', async () => {
      const user = await signUpAndIn(harness, 'changer')
      await expect(
        changePassword(user.client, { currentPassword: 'not-it', newPassword: 'brand-new-1' })
      ).rejects.toThrow(AUTH_MESSAGES.wrongPassword)
      await changePassword(user.client, {
        currentPassword: user.password,
        newPassword: 'brand-new-1'
      })
      const again = harness.anon()
      await signIn(again, { email: user.email, password: 'brand-new-1' })
      await expect(
        signIn(harness.anon(), { email: user.email, password: user.password })
      ).rejects.toThrow(AUTH_MESSAGES.wrongPassword)
    })

    it('asks for the second factor after the password, and RLS can require aal2', async () => {
      const user = await signUpAndIn(harness, 'twofactor')
      const enrollment = await enrollTwoFactor(user.client)
      expect(enrollment.qrCodeSvg).toMatch(/^data:image\/svg\+xml;utf-8,<svg/)
      await expect(
        confirmTwoFactor(user.client, { factorId: enrollment.factorId, code: '000000' })
      ).rejects.toThrow(AUTH_MESSAGES.mfaCodeInvalid)
      await confirmTwoFactor(user.client, {
        factorId: enrollment.factorId,
        code: codeNow(enrollment.secret)
      })

      // A scratch table whose rows only an aal2 session reads (docs/architecture.md, "Auth beyond passwords").
      const table = `aal2_scratch_${suite.kind}`
      await harness.backend.db.exec(`
      create table public.${table} (id int primary key, owner uuid not null);
      alter table public.${table} enable row level security;
      grant select on public.${table} to authenticated;
      create policy "owners read" on public.${table} for select to authenticated
        using (owner = (select auth.uid()));
      create policy "${table} needs aal2" on public.${table} as restrictive for select
        to authenticated using ((select auth.jwt() ->> 'aal') = 'aal2');
      insert into public.${table} values (1, '${user.userId}');`)

      const fresh = harness.anon()
      await signIn(fresh, { email: user.username, password: user.password })
      // The REST schema cache learns of a new table on a miss, at most every 5 s (as PostgREST
      // needs a reload): wait until it answers for the scratch table at all.
      await expect
        .poll(async () => (await fresh.from(table).select('id')).status, { timeout: 15_000 })
        .not.toBe(404)
      const session = (await fresh.auth.getSession()).data.session!
      expect(needsSecondFactor(session)).toBe(true)
      expect(decodeClaims(session.access_token).aal).toBe('aal1')
      expect((await fresh.from(table).select('id')).data).toEqual([])
      // Deleting the account needs the second factor too.
      const early = await fresh.rpc('delete_account', { password: user.password })
      expect(early.error).toMatchObject({ hint: 'insufficient_aal' })

      await expect(verifySecondFactor(fresh, '123456')).rejects.toThrow(
        AUTH_MESSAGES.mfaCodeInvalid
      )
      await verifySecondFactor(fresh, codeNow(enrollment.secret))
      expect(needsSecondFactor((await fresh.auth.getSession()).data.session!)).toBe(false)
      expect((await fresh.from(table).select('id')).data).toEqual([{ id: 1 }])
      await harness.backend.db.exec(`drop table public.${table}`)
    })

    it('deletes an account with every row and stored photo of it, and nothing of others', async () => {
      const owner = await signUpAndIn(harness, 'leaving')
      const friend = await signUpAndIn(harness, 'staying')
      const ownerUser = { client: owner.client, userId: owner.userId, username: owner.username }
      const friendUser = { client: friend.client, userId: friend.userId, username: friend.username }
      const post = await postPhotos(ownerUser, 2, 'mine')
      const friendPost = await postPhotos(friendUser, 1, 'theirs')
      await uploadAvatar(owner.client, owner.userId, png([1, 2, 3], 8), 'image/png')
      await follow(owner.client, owner.userId, friend.userId)
      await follow(friend.client, friend.userId, owner.userId)
      await setPostLike(owner.client, friendPost.id, true)
      await setPostLike(friend.client, post.id, true)
      await addComment(owner.client, { postId: friendPost.id, userId: owner.userId, body: 'hi' })
      await addComment(friend.client, { postId: post.id, userId: friend.userId, body: 'yo' })

      const traces = async (): Promise<Record<string, number>> => {
        const { rows } = await harness.backend.db.query<{ what: string; n: number }>(
          `select 'users' what, count(*)::int n from auth.users where id = $1
         union all select 'profiles', count(*)::int from public.profiles where id = $1
         union all select 'posts', count(*)::int from public.posts where user_id = $1
         union all select 'likes', count(*)::int from public.likes where user_id = $1
         union all select 'comments', count(*)::int from public.comments where user_id = $1
         union all select 'follows', count(*)::int from public.follows
                     where follower_id = $1 or following_id = $1
         union all select 'notifications', count(*)::int from public.notifications
                     where actor_id = $1 or recipient_id = $1
         union all select 'sessions', count(*)::int from auth.sessions where user_id = $1
         union all select 'objects', count(*)::int from storage.objects
                     where (storage.foldername(name))[2] = $1::text`,
          [owner.userId]
        )
        return Object.fromEntries(rows.map((row) => [row.what, row.n]))
      }
      const before = await traces()
      expect(before).toMatchObject({ users: 1, profiles: 1, posts: 1, likes: 1, comments: 1 })
      expect(before.follows).toBe(2)
      expect(before.objects).toBe(5) // two photos, two thumbnails, one avatar

      await expect(deleteAccount(owner.client, 'not-my-password')).rejects.toThrow(
        AUTH_MESSAGES.wrongPassword
      )
      expect(await traces()).toEqual(before)

      await deleteAccount(owner.client, owner.password)
      expect((await owner.client.auth.getSession()).data.session).toBeNull()
      await harness.housekeeping!.run()
      expect(Object.values(await traces()).every((count) => count === 0)).toBe(true)

      const { data: left } = await (friend.client as SupabaseClient)
        .from('posts')
        .select('likes_count, comments_count')
        .eq('id', friendPost.id)
        .single()
      expect(left).toEqual({ likes_count: 0, comments_count: 0 })
      const friendObjects = await harness.backend.db.query<{ n: number }>(
        `select count(*)::int n from storage.objects where (storage.foldername(name))[2] = $1::text`,
        [friend.userId]
      )
      expect(friendObjects.rows[0].n).toBe(2)
    })
  },
  // Deleting an account queues its photos; the app's housekeeping removes them.
  { housekeeping: true }
)
