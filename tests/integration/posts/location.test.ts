// A post's location through the data layer, as the app sends it: createPost with a location,
// editPost changing and clearing it, the feed and the export reading it back, over the real
// supabase-js client against the local backend on both databases.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPost } from '../../../src/shared/data/post-create'
import { editPost } from '../../../src/shared/data/post-edits'
import { postById } from '../../../src/shared/data/post-reads'
import { readInformationRecords } from '../../../src/shared/data/export/information-records'
import { MESSAGES } from '../../../src/shared/messages'
import { startHarness, type Harness } from '../../support/backend-harness'
import type { DatabaseKind } from '../../support/databases'
import { photo, signedIn, type User } from './support'

const postgresUrl = inject('postgresUrl')

describe.each<DatabaseKind>(['pglite', 'postgres'])('post location on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresUrl
  let harness: Harness
  let alice: User
  let bob: User

  beforeAll(async () => {
    if (unavailable) return
    harness = await startHarness(kind, postgresUrl)
    alice = await signedIn(harness, 'alice')
    bob = await signedIn(harness, 'bob')
  })
  afterAll(async () => {
    await harness?.close()
  })

  it.skipIf(unavailable)(
    'the author sets, changes and clears it; others read it; nobody else edits it',
    async () => {
      const created = await createPost(alice.client, {
        userId: alice.userId,
        caption: 'At the sea',
        location: '  Praia da\nAdraga ',
        photos: [photo(1)]
      })
      expect(created.location).toBe('Praia da Adraga')
      expect((await postById(bob.client, created.id)).location).toBe('Praia da Adraga')

      // Caption and alt text only: the location stays.
      await editPost(alice.client, created.id, { caption: 'At the sea, again' })
      expect((await postById(bob.client, created.id)).location).toBe('Praia da Adraga')
      const moved = await editPost(alice.client, created.id, {
        caption: 'At the sea, again',
        location: 'Sintra'
      })
      expect(moved.location).toBe('Sintra')
      await expect(
        editPost(bob.client, created.id, { caption: 'mine now', location: 'Elsewhere' })
      ).rejects.toThrow(/not yours/)

      const records = await readInformationRecords(alice.client, alice.userId)
      expect(records.posts.map((post) => post.location)).toEqual(['Sintra'])

      const cleared = await editPost(alice.client, created.id, {
        caption: 'At the sea, again',
        location: '   '
      })
      expect(cleared.location).toBeNull()
    }
  )

  it.skipIf(unavailable)(
    'a location over 100 characters is refused before anything is sent',
    async () => {
      const input = {
        userId: alice.userId,
        caption: '',
        location: 'x'.repeat(101),
        photos: [photo(2)]
      }
      await expect(createPost(alice.client, input)).rejects.toThrow(MESSAGES.locationTooLong)
      // A client that skips the check gets the database's refusal in the same words.
      const post = await createPost(alice.client, { ...input, location: 'Here' })
      const direct = await alice.client
        .from('posts')
        .update({ location: 'y'.repeat(101) })
        .eq('id', post.id)
      expect(direct.status).toBe(400)
      expect(direct.error).toMatchObject({ code: '23514', message: MESSAGES.locationTooLong })
    }
  )
})
