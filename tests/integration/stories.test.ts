// The stories data layer (src/shared/data/stories.ts) through the unmodified supabase-js client
// against the real local backend: posting with its checks and compensation, the strip, a
// person's stories with their seen state, marking seen, the viewers list and deleting.

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { encodePng } from '../../scripts/lib/png'
import type { Database } from '../../src/backend/db/database'
import { signUp } from '../../src/shared/data/auth'
import {
  deleteStory,
  fetchStoryStrip,
  fetchStoryViewers,
  fetchUserStories,
  markStorySeen,
  postStory,
  type NewStory
} from '../../src/shared/data/stories'
import { startHarness, uniqueEmail, type Harness } from '../support/backend-harness'
import type { DatabaseKind } from '../support/databases'

const postgresUrl = inject('postgresUrl')
const PHOTO = new Uint8Array(encodePng(9, 16, () => [200, 40, 90]))
const THUMB = new Uint8Array(encodePng(4, 4, () => [10, 200, 90]))
const RENDITIONS = {
  thumbnailBytes: THUMB,
  thumbnailType: 'image/png',
  width: 9,
  height: 16,
  placeholder: 'k/cFBwAod4h3h3eHeIeHh3d4h4B4'
}

interface Person {
  client: SupabaseClient
  userId: string
  username: string
}

describe.each<DatabaseKind>(['pglite', 'postgres'])('stories data layer on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresUrl
  let harness: Harness
  let db: Database
  let alice: Person
  let bob: Person
  let carol: Person

  async function person(username: string): Promise<Person> {
    const client = harness.anon()
    await signUp(client, {
      fullName: username,
      username,
      email: uniqueEmail(username),
      password: 'secret123'
    })
    const { data } = await client.auth.getUser()
    return { client, userId: data.user!.id, username }
  }

  const story = (who: Person, overrides: Partial<NewStory> = {}): NewStory => ({
    userId: who.userId,
    bytes: PHOTO,
    declaredType: 'image/png',
    text: '',
    renditions: RENDITIONS,
    ...overrides
  })

  async function storedStoryObjects(userId: string): Promise<string[]> {
    const { rows } = await db.query<{ name: string }>(
      'select name from storage.objects where name like $1 order by name',
      [`stories/${userId}/%`]
    )
    return rows.map((row) => row.name)
  }

  beforeAll(async () => {
    if (unavailable) return
    harness = await startHarness(kind, postgresUrl)
    db = harness.backend.db
    ;[alice, bob, carol] = await Promise.all([person('alice'), person('bob'), person('carol')])
    const { error } = await bob.client
      .from('follows')
      .insert({ follower_id: bob.userId, following_id: alice.userId })
    expect(error).toBeNull()
  })
  afterAll(async () => {
    await harness?.close()
  })

  it.skipIf(unavailable)(
    'posts a story with its photo, thumbnail and text, living 24 hours',
    async () => {
      const posted = await postStory(alice.client, story(alice, { text: '  hello  ' }))
      expect(posted).toMatchObject({
        user_id: alice.userId,
        caption: 'hello',
        width: 9,
        height: 16,
        seen: false,
        profiles: { username: 'alice' }
      })
      expect(Date.parse(posted.expires_at) - Date.parse(posted.created_at)).toBe(24 * 3600_000)
      expect(await storedStoryObjects(alice.userId)).toHaveLength(2)
      const photo = await fetch(posted.image_url)
      expect(photo.status).toBe(200)
      await deleteStory(alice.client, posted)
    }
  )

  it.skipIf(unavailable)('refuses bad input before uploading anything', async () => {
    await expect(postStory(alice.client, story(alice, { text: 'x'.repeat(201) }))).rejects.toThrow(
      'Story text must be at most 200 characters'
    )
    await expect(
      postStory(alice.client, story(alice, { bytes: new TextEncoder().encode('not a photo') }))
    ).rejects.toThrow('Please select an image file')
    await expect(postStory(alice.client, story(alice, { userId: null }))).rejects.toThrow(
      'Sign in to post a story'
    )
    expect(await storedStoryObjects(alice.userId)).toEqual([])
  })

  it.skipIf(unavailable)(
    'removes its uploads when the insert or the thumbnail upload fails',
    async () => {
      await db.exec(`
        create function public.refuse_story() returns trigger language plpgsql as $$
        begin raise exception 'disk quota exceeded'; end $$;
        create trigger refuse_story before insert on public.stories
          for each row when (new.caption = 'doomed') execute function public.refuse_story();`)
      try {
        await expect(postStory(alice.client, story(alice, { text: 'doomed' }))).rejects.toThrow(
          'Failed to save story: disk quota exceeded'
        )
        expect(await storedStoryObjects(alice.userId)).toEqual([])
        // Now the photo uploads and its thumbnail does not.
        await db.exec(`
          create trigger refuse_thumb before insert on storage.objects
            for each row when (new.name like '%-thumb.%') execute function public.refuse_story();`)
        await expect(postStory(alice.client, story(alice))).rejects.toThrow(/^Upload failed/)
        expect(await storedStoryObjects(alice.userId)).toEqual([])
      } finally {
        await db.exec(`drop trigger if exists refuse_thumb on storage.objects;
                       drop trigger refuse_story on public.stories;
                       drop function public.refuse_story();`)
      }
    }
  )

  it.skipIf(unavailable)(
    'a follower sees the ring unseen, watches, and then it is seen; the author sees who',
    async () => {
      const posted = await postStory(alice.client, story(alice, { text: 'hi bob' }))
      try {
        expect(await fetchStoryStrip(bob.client)).toEqual([
          expect.objectContaining({ user_id: alice.userId, username: 'alice', has_unseen: true })
        ])
        expect(await fetchStoryStrip(carol.client)).toEqual([])
        expect(await fetchStoryStrip(harness.anon())).toEqual([])

        const [seenByBob] = await fetchUserStories(bob.client, alice.userId, bob.userId)
        expect(seenByBob).toMatchObject({ id: posted.id, seen: false, caption: 'hi bob' })
        await markStorySeen(bob.client, posted.id)
        await markStorySeen(bob.client, posted.id)
        expect(await fetchUserStories(bob.client, alice.userId, bob.userId)).toEqual([
          expect.objectContaining({ id: posted.id, seen: true })
        ])
        expect(await fetchStoryStrip(bob.client)).toEqual([
          expect.objectContaining({ user_id: alice.userId, has_unseen: false })
        ])

        // Carol does not follow Alice: nothing to read, nothing to mark.
        expect(await fetchUserStories(carol.client, alice.userId, carol.userId)).toEqual([])
        await expect(markStorySeen(carol.client, posted.id)).rejects.toThrow(
          'This story is no longer available'
        )

        await markStorySeen(alice.client, posted.id)
        const viewers = await fetchStoryViewers(alice.client, posted)
        expect(viewers).toEqual([
          expect.objectContaining({
            viewer_id: bob.userId,
            profiles: expect.objectContaining({ username: 'bob' })
          })
        ])
        // Anyone else reads at most their own view, never who else watched.
        const asBob = await fetchStoryViewers(bob.client, posted)
        expect(asBob.map((viewer) => viewer.viewer_id)).toEqual([bob.userId])
      } finally {
        await deleteStory(alice.client, posted)
      }
    }
  )

  it.skipIf(unavailable)('only the author deletes a story, and its photos go with it', async () => {
    const posted = await postStory(alice.client, story(alice))
    await expect(deleteStory(bob.client, posted)).rejects.toThrow(
      'Failed to delete story: This story is no longer available'
    )
    expect(await storedStoryObjects(alice.userId)).toHaveLength(2)
    await deleteStory(alice.client, posted)
    expect(await storedStoryObjects(alice.userId)).toEqual([])
    expect(await fetchUserStories(bob.client, alice.userId, bob.userId)).toEqual([])
    expect((await fetch(posted.image_url)).status).toBe(400)
  })
})
