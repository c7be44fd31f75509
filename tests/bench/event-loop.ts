// Does database work block the backend's HTTP event loop? PGlite runs Postgres as WebAssembly
// on the calling thread, so while it executes a query nothing else in that process runs. This
// times a request that never touches the database (GET /health) while four clients read feed
// pages, against the same request when idle, with the backend in its own process (as in the
// desktop app's utilityProcess and `npm run backend`).

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signUpWith, testClient } from '../support/backend-harness'
import { startChildBackend } from '../support/child-backend'
import { throughput, time, type Timing } from './stats'

export interface EventLoopResults {
  posts: number
  idleHealth: Timing
  loadedHealth: Timing
  feedRps: number
}

const POSTS = 2_000

export async function measureEventLoop(): Promise<EventLoopResults> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-loop-'))
  const backend = await startChildBackend(dataDir)
  try {
    const { client, userId } = await signUpWith(testClient(backend.url, backend.anonKey), 'loop', {
      fullName: 'Loop Bench',
      password: 'bench-password'
    })
    const rows = Array.from({ length: POSTS }, (_, i) => ({
      user_id: userId,
      image_url: `${backend.url}/storage/v1/object/public/images/posts/${userId}/${i}.png`,
      caption: `post ${i}`
    }))
    const { error } = await client.from('posts').insert(rows)
    if (error) throw new Error(`seeding failed: ${error.message}`)

    const health = (): Promise<string> => fetch(`${backend.url}/health`).then((r) => r.text())
    const feedPage = async (): Promise<void> => {
      const { error: readError } = await client
        .from('posts')
        .select('*, profiles(username, full_name, avatar_url)')
        .order('created_at', { ascending: false })
        .limit(12)
      if (readError) throw new Error(readError.message)
    }

    const idleHealth = await time(health, 60, 10)
    const [feedRps, loadedHealth] = await Promise.all([
      throughput(feedPage, 4000, 4),
      // Starts a moment later, so the feed readers are already busy.
      new Promise((done) => setTimeout(done, 300)).then(() => time(health, 60, 0))
    ])
    return { posts: POSTS, idleHealth, loadedHealth, feedRps }
  } finally {
    await backend.kill9()
    await rm(dataDir, { recursive: true, force: true })
  }
}
