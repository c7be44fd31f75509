// "Download your information" and the Instagram import through the real supabase-js client on
// both databases: the archive holds the records and every photo byte for byte, and importing it
// into a fresh account makes the same grid (captions, locations, dates, photo order).

import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { writeInformationArchive } from '../../../src/shared/data/export/information-archive'
import { planInstagramImport } from '../../../src/shared/data/export/instagram-import'
import { zipDownloadFiles } from '../../../src/shared/data/export/zip-download'
import { addComment } from '../../../src/shared/data/comments'
import { createPost } from '../../../src/shared/data/post-create'
import { editPost } from '../../../src/shared/data/post-edits'
import { startHarness, type Harness } from '../../support/backend-harness'
import type { DatabaseKind } from '../../support/databases'
import { photo, postPhotos, signedIn, type User } from './support'

const postgresUrl = inject('postgresUrl')

async function exportOf(user: User): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  await writeInformationArchive({
    client: user.client,
    userId: user.userId,
    sink: { write: async (chunk) => void chunks.push(chunk) }
  })
  const zip = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  let at = 0
  for (const chunk of chunks) {
    zip.set(chunk, at)
    at += chunk.byteLength
  }
  return zip
}

async function grid(user: User): Promise<unknown[]> {
  const { data, error } = await user.client
    .from('posts')
    .select('caption, location, created_at, image_count')
    .eq('user_id', user.userId)
    .order('created_at', { ascending: false })
  if (error) throw error
  // Instagram's posts list dates to the second.
  return data.map((post) => ({
    ...post,
    created_at: Math.floor(new Date(post.created_at).getTime() / 1000)
  }))
}

const json = (files: Record<string, Uint8Array>, name: string): unknown =>
  JSON.parse(new TextDecoder().decode(files[name]))

describe.each<DatabaseKind>(['pglite', 'postgres'])('your information on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresUrl
  let harness: Harness
  let alice: User
  let bob: User

  beforeAll(async () => {
    if (unavailable) return
    harness = await startHarness(kind, postgresUrl)
    alice = await signedIn(harness, 'alice')
    bob = await signedIn(harness, 'bob')
    const single = await createPost(alice.client, {
      userId: alice.userId,
      caption: 'café au lait ☕ #morning',
      photos: [photo(7, 'a cup')],
      takenAt: '2019-05-01T08:00:00.000Z'
    })
    const carousel = await postPhotos(alice, 3, 'three in a row')
    await editPost(alice.client, carousel.id, { caption: 'three in a row', location: 'Lisbon' })
    await addComment(bob.client, { postId: single.id, body: 'nice', userId: bob.userId })
    await bob.client.from('follows').insert({ follower_id: bob.userId, following_id: alice.userId })
    await alice.client.from('likes').insert({ user_id: alice.userId, post_id: single.id })
  })
  afterAll(async () => {
    await harness?.close()
  })

  it.skipIf(unavailable)(
    'the archive holds the records as JSON and every photo as stored',
    async () => {
      const files = unzipSync(await exportOf(alice))
      const posts = json(files, 'your_information/posts.json') as Array<{
        caption: string
        location: string | null
        post_images: Array<{ file: string }>
      }>
      expect(posts.map((post) => post.caption)).toEqual([
        'café au lait ☕ #morning',
        'three in a row'
      ])
      // Each post's location is in our records (Instagram's posts_1.json has no field for it).
      expect(posts.map((post) => post.location)).toEqual([null, 'Lisbon'])
      expect(json(files, 'your_information/profile.json')).toMatchObject({
        username: alice.username
      })
      expect(json(files, 'your_information/likes.json')).toHaveLength(1)
      expect(json(files, 'your_information/followers.json')).toEqual([
        expect.objectContaining({ person: { username: bob.username } })
      ])
      expect(json(files, 'your_information/following.json')).toEqual([])
      // No messages table in this schema: no messages file either.
      expect(files['your_information/messages.json']).toBeUndefined()
      const photoFile = posts[0].post_images[0].file
      expect(files[photoFile]).toEqual(photo(7).bytes)
      expect(posts[1].post_images.map((image) => image.file)).toHaveLength(3)
      // Instagram's own shape, text escaped the way Instagram escapes it.
      const instagram = json(files, 'content/posts_1.json') as Array<{
        media: Array<{ uri: string; title: string; creation_timestamp: number }>
      }>
      // Newest first, as Instagram lists them: the 2019 post is the oldest, so last.
      const oldest = instagram[instagram.length - 1]
      expect(oldest.media[0].creation_timestamp).toBe(Date.UTC(2019, 4, 1, 8) / 1000)
      expect(oldest.media[0].title).toBe('cafÃ© au lait â\u0098\u0095 #morning')
    }
  )

  it.skipIf(unavailable)(
    'an export imported into a fresh account makes the same grid, with dates and locations',
    async () => {
      const carol = await signedIn(harness, 'carol')
      const plan = await planInstagramImport(zipDownloadFiles(await exportOf(alice)))
      expect(plan.skipped).toEqual([])
      for (const post of plan.posts) {
        await createPost(carol.client, {
          userId: carol.userId,
          caption: post.caption,
          location: post.location,
          takenAt: post.takenAt,
          photos: post.photos.map((item) => ({ bytes: item.bytes, declaredType: item.type }))
        })
      }
      expect(await grid(carol)).toEqual(await grid(alice))
    }
  )
})
