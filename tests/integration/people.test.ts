// The people data operations (src/shared/data/follows.ts and profiles.ts) through the real
// supabase-js client against the local backend, on PGlite and PostgreSQL: following, profiles
// by username, search, lists, suggestions, the Following feed, profile edits and avatars.

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../src/backend/db/database'
import {
  fetchConnections,
  fetchFollowingFeedNewer,
  fetchFollowingFeedPage,
  fetchSuggestions,
  follow,
  FOLLOW_MESSAGES,
  followedAmong,
  unfollow
} from '../../src/shared/data/follows'
import {
  removeAvatar,
  updateProfile,
  uploadAvatar,
  usernameProblem
} from '../../src/shared/data/profile-edits'
import {
  fetchProfileByUsername,
  PROFILE_MESSAGES,
  searchPeople
} from '../../src/shared/data/profiles'
import { encodePng } from '../../scripts/lib/png'
import { signUpWith, startHarness, type Harness } from '../support/backend-harness'
import type { DatabaseKind } from '../support/databases'

const postgresUrl = inject('postgresUrl')
const AVATAR = new Uint8Array(encodePng(32, 32, () => [90, 40, 200]))
const AVATAR_2 = new Uint8Array(encodePng(32, 32, () => [10, 200, 40]))
const TOO_BIG = new Uint8Array(encodePng(321, 10, () => [0, 0, 0]))

interface Person {
  client: SupabaseClient
  id: string
  username: string
}

async function avatarObjects(db: Database, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select name from storage.objects where name like $1 order by name',
    [`avatars/${userId}/%`]
  )
  return rows.map((row) => row.name)
}

describe.each<DatabaseKind>(['pglite', 'postgres'])('people operations on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresUrl
  let harness: Harness
  let serial = 0

  beforeAll(async () => {
    if (!unavailable) harness = await startHarness(kind, postgresUrl)
  })
  afterAll(async () => {
    await harness?.close()
  })

  async function person(fullName: string): Promise<Person> {
    serial += 1
    const username = `${fullName
      .split(' ')[0]
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}_${serial}`
    const user = await signUpWith(harness.anon(), username, { username, fullName })
    return { client: user.client, id: user.userId, username }
  }

  describe.skipIf(unavailable)('following', () => {
    it('follow and unfollow return the followed person’s count, and repeating either is harmless', async () => {
      const [ada, ben] = [await person('Ada Lovelace'), await person('Ben Bitdiddle')]
      expect(await follow(ada.client, ada.id, ben.id)).toEqual({ followersCount: 1 })
      expect(await follow(ada.client, ada.id, ben.id)).toEqual({ followersCount: 1 })
      expect(await followedAmong(ada.client, ada.id, [ben.id, ada.id])).toEqual(new Set([ben.id]))
      const profile = await fetchProfileByUsername(harness.anon(), ben.username)
      expect(profile).toMatchObject({ followers_count: 1, following_count: 0 })
      expect(await unfollow(ada.client, ada.id, ben.id)).toEqual({ followersCount: 0 })
      expect(await unfollow(ada.client, ada.id, ben.id)).toEqual({ followersCount: 0 })
      expect(await followedAmong(ada.client, ada.id, [ben.id])).toEqual(new Set())
    })

    it('says why when following yourself, signed out, or on someone else’s behalf', async () => {
      const [ada, ben] = [await person('Ada Two'), await person('Ben Two')]
      await expect(follow(ada.client, ada.id, ada.id)).rejects.toThrow(FOLLOW_MESSAGES.notYourself)
      await expect(follow(harness.anon(), null, ben.id)).rejects.toThrow(
        FOLLOW_MESSAGES.signInToFollow
      )
      await expect(follow(ada.client, ben.id, ada.id)).rejects.toThrow(/^Couldn't follow: /)
      expect(await followedAmong(ben.client, ben.id, [ada.id])).toEqual(new Set())
    })
  })

  describe.skipIf(unavailable)('profiles and search', () => {
    it('reads a profile by username, case-insensitively, and null when there is none', async () => {
      const zoe = await person('Zoë Ångström')
      expect(
        await fetchProfileByUsername(harness.anon(), zoe.username.toUpperCase())
      ).toMatchObject({ id: zoe.id, full_name: 'Zoë Ångström', followers_count: 0 })
      expect(await fetchProfileByUsername(harness.anon(), 'nobody_here_at_all')).toBeNull()
      expect(await fetchProfileByUsername(harness.anon(), '../etc')).toBeNull()
    })

    it('finds people by part of their full name, ignoring case and accents', async () => {
      const zoe = await person('Zoë Quixotic-Ångström')
      const found = await searchPeople(harness.anon(), 'QUIXOTIC-ANGS', 8)
      expect(found.map((p) => p.id)).toEqual([zoe.id])
      expect(found[0]).toEqual({
        id: zoe.id,
        username: zoe.username,
        full_name: 'Zoë Quixotic-Ångström',
        avatar_url: null,
        followers_count: 0
      })
      expect(await searchPeople(harness.anon(), '   ', 8)).toEqual([])
    })

    it('edits name, username and bio, and says clearly what is wrong before the database does', async () => {
      const [ada, ben] = [await person('Ada Edit'), await person('Ben Edit')]
      const saved = await updateProfile(ada.client, ada.id, {
        fullName: '  Ada King ',
        username: ' Ada.King_' + ada.id.slice(0, 4),
        bio: ' Analyst '
      })
      expect(saved).toMatchObject({
        full_name: 'Ada King',
        username: `ada.king_${ada.id.slice(0, 4)}`,
        bio: 'Analyst'
      })
      expect((await searchPeople(harness.anon(), 'ada king', 8)).map((p) => p.id)).toContain(ada.id)

      expect(await usernameProblem(ada.client, ada.id, ben.username)).toBe(
        PROFILE_MESSAGES.usernameTaken
      )
      expect(await usernameProblem(ada.client, ada.id, saved.username)).toBeNull()
      expect(await usernameProblem(ada.client, ada.id, 'no spaces')).toBe(
        PROFILE_MESSAGES.usernameFormat
      )
      await expect(updateProfile(ada.client, ada.id, { username: ben.username })).rejects.toThrow(
        PROFILE_MESSAGES.usernameTaken
      )
      await expect(updateProfile(ada.client, ada.id, { username: 'x!' })).rejects.toThrow(
        PROFILE_MESSAGES.usernameFormat
      )
      await expect(updateProfile(ada.client, ada.id, { bio: 'b'.repeat(151) })).rejects.toThrow(
        PROFILE_MESSAGES.bioTooLong
      )
      await expect(updateProfile(ada.client, ben.id, { bio: 'hacked' })).rejects.toThrow(
        /only edit your own profile/
      )
      expect((await fetchProfileByUsername(harness.anon(), ben.username))?.bio).toBeNull()
    })
  })

  describe.skipIf(unavailable)('avatars', () => {
    it('uploads into avatars/<uid>/, points the profile at it, and removes the previous one', async () => {
      const ada = await person('Ada Avatar')
      const db = harness.backend.db
      const first = await uploadAvatar(ada.client, ada.id, AVATAR, 'image/png')
      expect(first.avatar_url).toMatch(
        new RegExp(`/storage/v1/object/public/images/avatars/${ada.id}/\\d+-[a-z0-9]{8}\\.png$`)
      )
      expect(new Uint8Array(await (await fetch(first.avatar_url!)).arrayBuffer())).toEqual(AVATAR)
      const second = await uploadAvatar(ada.client, ada.id, AVATAR_2, 'image/png')
      const objects = await avatarObjects(db, ada.id)
      expect(objects).toHaveLength(1)
      expect(second.avatar_url).toContain(objects[0])
      const cleared = await removeAvatar(ada.client, ada.id)
      expect(cleared.avatar_url).toBeNull()
      expect(await avatarObjects(db, ada.id)).toEqual([])
    })

    it('refuses an avatar larger than the square the app makes, and a non-image', async () => {
      const ada = await person('Ada Big')
      await expect(uploadAvatar(ada.client, ada.id, TOO_BIG, 'image/png')).rejects.toThrow(
        PROFILE_MESSAGES.avatarTooLarge
      )
      await expect(
        uploadAvatar(ada.client, ada.id, new TextEncoder().encode('<svg/>'), 'image/png')
      ).rejects.toThrow('Please select an image file')
      expect(await avatarObjects(harness.backend.db, ada.id)).toEqual([])
    })

    it('removes the new upload when the profile update fails, keeping the old avatar', async () => {
      const ada = await person('Ada Doomed')
      const db = harness.backend.db
      const before = await uploadAvatar(ada.client, ada.id, AVATAR, 'image/png')
      await db.exec(`
        create function public.refuse_avatar() returns trigger language plpgsql as $$
        begin raise exception 'disk quota exceeded'; end $$;
        create trigger refuse_avatar before update of avatar_url on public.profiles
          for each row execute function public.refuse_avatar();`)
      try {
        await expect(uploadAvatar(ada.client, ada.id, AVATAR_2, 'image/png')).rejects.toThrow(
          "Couldn't save your profile: disk quota exceeded"
        )
      } finally {
        await db.exec(
          'drop trigger refuse_avatar on public.profiles; drop function public.refuse_avatar();'
        )
      }
      const objects = await avatarObjects(db, ada.id)
      expect(objects).toHaveLength(1)
      expect(before.avatar_url).toContain(objects[0])
      expect((await fetchProfileByUsername(harness.anon(), ada.username))?.avatar_url).toBe(
        before.avatar_url
      )
    })
  })

  describe.skipIf(unavailable)('lists, suggestions and the Following feed', () => {
    it('pages followers newest first, searchable, and suggests who my follows follow', async () => {
      const me = await person('Mia Main')
      const star = await person('Stella Star')
      const fans = [await person('Fay Fan'), await person('Finn Fan'), await person('Fred Fan')]
      for (const fan of fans) await follow(fan.client, fan.id, star.id)
      await follow(me.client, me.id, fans[0].id)

      const page1 = await fetchConnections(harness.anon(), {
        profileId: star.id,
        direction: 'followers',
        limit: 2
      })
      expect(page1.map((row) => row.id)).toEqual([fans[2].id, fans[1].id])
      const page2 = await fetchConnections(harness.anon(), {
        profileId: star.id,
        direction: 'followers',
        limit: 2,
        before: page1[1]
      })
      expect(page2.map((row) => row.id)).toEqual([fans[0].id])
      const finn = await fetchConnections(harness.anon(), {
        profileId: star.id,
        direction: 'followers',
        query: 'FINN',
        limit: 10
      })
      expect(finn.map((row) => row.id)).toEqual([fans[1].id])
      const following = await fetchConnections(harness.anon(), {
        profileId: fans[0].id,
        direction: 'following',
        limit: 10
      })
      expect(following.map((row) => row.id)).toEqual([star.id])

      const suggestions = await fetchSuggestions(me.client, 50)
      expect(suggestions[0]).toMatchObject({ id: star.id, followed_by_count: 1 })
      expect(suggestions.map((s) => s.id)).not.toContain(me.id)
      expect(suggestions.map((s) => s.id)).not.toContain(fans[0].id)
    })

    it('the Following feed pages the posts of people I follow, with their authors', async () => {
      const me = await person('Reader Main')
      const author = await person('Writer Author')
      const stranger = await person('Stranger Else')
      const db = harness.backend.db
      const image = `${harness.backend.url}/storage/v1/object/public/images/posts/x/1.png`
      await db.query(
        `insert into public.posts (user_id, image_url, caption, created_at)
         select $1::uuid, $3, 'post ' || i, now() - make_interval(mins => i) from generate_series(1, 5) i
         union all select $2::uuid, $3, 'other', now()`,
        [author.id, stranger.id, image]
      )
      expect(await fetchFollowingFeedPage(me.client, { limit: 3 })).toEqual([])
      await follow(me.client, me.id, author.id)
      const first = await fetchFollowingFeedPage(me.client, { limit: 3 })
      expect(first.map((post) => post.caption)).toEqual(['post 1', 'post 2', 'post 3'])
      expect(first[0].profiles).toEqual({
        username: author.username,
        full_name: 'Writer Author',
        avatar_url: null
      })
      const second = await fetchFollowingFeedPage(me.client, { limit: 3, before: first[2] })
      expect(second.map((post) => post.caption)).toEqual(['post 4', 'post 5'])
      const above = await fetchFollowingFeedNewer(me.client, { after: second[1], limit: 2 })
      expect(above.map((post) => post.caption)).toEqual(['post 3', 'post 4'])
    })
  })
})
