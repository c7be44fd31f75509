// The shared Supabase operations (used by the desktop main process and the browser platform)
// against the real local backend: every call they make, and their failure paths.

import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { signIn, signOut, signUp, USERNAME_TAKEN_MESSAGE } from '../../src/shared/data/auth'
import { fetchProfile } from '../../src/shared/data/profiles'
import { createPost } from '../../src/shared/data/post-create'
import { encodePng } from '../../scripts/lib/png'
import { uniqueEmail, type Harness } from '../support/backend-harness'
import { describeEachBackend } from '../support/database-suite'
import { storedObjectCount, whileDoomedPostsFail } from '../support/faults'

const PNG = new Uint8Array(encodePng(8, 8, () => [200, 40, 90]))
const THUMB = new Uint8Array(encodePng(4, 4, () => [10, 200, 90]))
const RENDITIONS = {
  thumbnailBytes: THUMB,
  thumbnailType: 'image/png',
  width: 8,
  height: 8,
  placeholder: 'k/cFBwAod4h3h3eHeIeHh3d4h4B4'
}

describeEachBackend('shared operations', (suite) => {
  let harness: Harness

  beforeAll(async () => {
    harness = suite.harness
  })

  async function signedUpClient(
    username: string
  ): Promise<{ client: SupabaseClient; userId: string }> {
    const client = harness.anon()
    const result = await signUp(client, {
      fullName: 'Test Person',
      username,
      email: uniqueEmail(username),
      password: 'secret123'
    })
    expect(result.needsConfirmation).toBe(false)
    const { data } = await client.auth.getUser()
    return { client, userId: data.user!.id }
  }

  it('signs up with username and full name, and the profile follows', async () => {
    const { client, userId } = await signedUpClient('Ops.Person')
    const profile = await fetchProfile(client, userId)
    expect(profile).toMatchObject({
      id: userId,
      username: 'ops.person',
      full_name: 'Test Person'
    })
  })

  it('says a username is taken before the server fails on it', async () => {
    await signedUpClient('taken_name')
    const other = harness.anon()
    await expect(
      signUp(other, {
        fullName: 'X',
        username: 'Taken_Name',
        email: uniqueEmail('x'),
        password: 'secret123'
      })
    ).rejects.toThrow(USERNAME_TAKEN_MESSAGE)
  })

  it("says a wrong password in the server's words, the app's under them, and signs out", async () => {
    const email = uniqueEmail('signin')
    const client = harness.anon()
    await signUp(client, { fullName: 'S', username: 'signin_user', email, password: 'secret123' })
    await signOut(client)
    expect((await client.auth.getSession()).data.session).toBeNull()
    await expect(signIn(client, { email, password: 'wrong-password' })).rejects.toMatchObject({
      message: `Invalid login credentials\n${AUTH_MESSAGES.wrongPassword}`
    })
    await signIn(client, { email, password: 'secret123' })
    expect((await client.auth.getSession()).data.session).not.toBeNull()
  })

  it('creates a post: uploads the photo, inserts the row with the caption trimmed', async () => {
    const { client, userId } = await signedUpClient('poster')
    const post = await createPost(client, {
      userId,
      caption: '  hello world  ',
      photos: [{ bytes: PNG, declaredType: 'image/png' }]
    })
    expect(post).toMatchObject({ user_id: userId, caption: 'hello world', likes_count: 0 })
    expect(post.image_url).toMatch(
      new RegExp(`/storage/v1/object/public/images/posts/${userId}/[0-9a-f-]{36}-0\\.png$`)
    )
    const served = await fetch(post.image_url)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('max-age=3600')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
  })

  it('removes the uploaded photo when the post insert fails, leaving nothing behind', async () => {
    const { client, userId } = await signedUpClient('unlucky')
    const db = harness.backend.db
    await whileDoomedPostsFail(db, async () => {
      await expect(
        createPost(client, {
          userId,
          caption: 'doomed',
          photos: [{ bytes: PNG, declaredType: 'image/png' }]
        })
      ).rejects.toThrow('Failed to save post: disk quota exceeded')
      expect(await storedObjectCount(db, userId)).toBe(0)
      const posts = await db.query<{ n: number }>(
        'select count(*)::int as n from public.posts where user_id = $1',
        [userId]
      )
      expect(posts.rows[0].n).toBe(0)
    })
  })

  it('creates a post with renditions: both objects stored, size and placeholder saved', async () => {
    const { client, userId } = await signedUpClient('renditions')
    const stages: string[] = []
    const post = await createPost(client, {
      userId,
      caption: 'sized',
      onStage: (stage) => stages.push(stage),
      photos: [{ bytes: PNG, declaredType: 'image/png', renditions: RENDITIONS }]
    })
    expect(stages).toEqual(['uploading', 'saving'])
    expect(post).toMatchObject({ width: 8, height: 8, placeholder: RENDITIONS.placeholder })
    expect(post.thumb_url).toBe(post.image_url.replace(/\.png$/, '-thumb.png'))
    const served = await fetch(post.thumb_url!)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(THUMB)
  })

  it('removes both renditions when the post insert fails', async () => {
    const { client, userId } = await signedUpClient('unlucky2')
    const db = harness.backend.db
    await whileDoomedPostsFail(db, async () => {
      await expect(
        createPost(client, {
          userId,
          caption: 'doomed',
          photos: [{ bytes: PNG, declaredType: 'image/png', renditions: RENDITIONS }]
        })
      ).rejects.toThrow('Failed to save post: disk quota exceeded')
      expect(await storedObjectCount(db, userId)).toBe(0)
    })
  })

  it('the database refuses a width without a height', async () => {
    const { client, userId } = await signedUpClient('halfsize')
    const { error } = await client.from('posts').insert({
      user_id: userId,
      image_url: `https://example.test/storage/v1/object/public/images/posts/${userId}/x.png`,
      width: 10
    })
    expect(error?.message).toMatch(/posts_dimensions_valid/)
  })

  it('refuses non-image bytes before uploading anything', async () => {
    const { client, userId } = await signedUpClient('sneaky')
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    await expect(
      createPost(client, {
        userId,
        caption: '',
        photos: [{ bytes: html, declaredType: 'image/jpeg' }]
      })
    ).rejects.toThrow('Please select an image file')
    expect(await storedObjectCount(harness.backend.db, userId)).toBe(0)
  })

  it("reports an upload the server refuses as 'Upload failed: …'", async () => {
    const { client } = await signedUpClient('wrongfolder')
    const { userId: otherId } = await signedUpClient('victim')
    await expect(
      createPost(client, {
        userId: otherId,
        caption: '',
        photos: [{ bytes: PNG, declaredType: 'image/png' }]
      })
    ).rejects.toThrow(/^Upload failed: /)
  })
})
