// Who liked a post, through the shared data functions with the real supabase-js client against
// the local backend on both databases: the likers list pages newest first without gaps or
// repeats, and the liker a card names is someone the reader follows when one of them liked it.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { follow } from '../../../src/shared/data/follows'
import { likeHighlights, likersPage, setPostLike } from '../../../src/shared/data/likes'
import type { Post } from '../../../src/shared/domain'
import { startHarness, type Harness } from '../../support/backend-harness'
import type { DatabaseKind } from '../../support/databases'
import { postPhotos, signedIn, type User } from './support'

const postgresUrl = inject('postgresUrl')

describe.each<DatabaseKind>(['pglite', 'postgres'])('likers on %s', (kind) => {
  const unavailable = kind === 'postgres' && !postgresUrl
  let harness: Harness
  let author: User
  let likers: User[]
  let post: Post
  let quiet: Post

  beforeAll(async () => {
    if (unavailable) return
    harness = await startHarness(kind, postgresUrl)
    author = await signedIn(harness, 'author')
    likers = []
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve'])
      likers.push(await signedIn(harness, name))
    post = await postPhotos(author, 1, 'liked')
    quiet = await postPhotos(author, 1, 'not liked')
    // One after the other, so "newest first" has one answer.
    for (const user of likers) await setPostLike(user.client, post.id, true)
  })
  afterAll(async () => {
    await harness?.close()
  })

  it.skipIf(unavailable)('pages the likers newest first, with who they are', async () => {
    const seen: string[] = []
    let page = await likersPage(harness.anon(), post.id, { limit: 2 })
    seen.push(...page.items.map((liker) => liker.username))
    let pages = 1
    while (page.next) {
      page = await likersPage(harness.anon(), post.id, { limit: 2, after: page.next })
      seen.push(...page.items.map((liker) => liker.username))
      pages += 1
    }
    expect(pages).toBe(3)
    expect(seen).toEqual([...likers].reverse().map((user) => user.username))
    const first = (await likersPage(author.client, post.id, { limit: 1 })).items[0]
    expect(first).toMatchObject({ id: likers[4].userId, followers_count: 0 })
    expect((await likersPage(author.client, quiet.id)).items).toEqual([])
  })

  it.skipIf(unavailable)('names a followed liker, else the latest one', async () => {
    // A visitor, and a reader who follows none of them: the latest liker.
    expect(await likeHighlights(harness.anon(), [post.id, quiet.id])).toEqual(
      new Map([[post.id, likers[4].username]])
    )
    // The author follows ben: ben is named, though eve liked it later.
    await follow(author.client, author.userId, likers[1].userId)
    expect((await likeHighlights(author.client, [post.id])).get(post.id)).toBe(likers[1].username)
    // An unlike takes the name away.
    await setPostLike(likers[1].client, post.id, false)
    expect((await likeHighlights(author.client, [post.id])).get(post.id)).toBe(likers[4].username)
  })

  it.skipIf(unavailable)('never names the reader: their own like is theirs to see', async () => {
    // eve liked `post` last: she is named to others, and the next-latest liker to herself.
    expect((await likeHighlights(likers[4].client, [post.id])).get(post.id)).toBe(
      likers[3].username
    )
    // A post only the reader liked names nobody.
    await setPostLike(likers[0].client, quiet.id, true)
    expect((await likeHighlights(likers[0].client, [quiet.id])).has(quiet.id)).toBe(false)
    expect((await likeHighlights(harness.anon(), [quiet.id])).get(quiet.id)).toBe(
      likers[0].username
    )
  })
})
