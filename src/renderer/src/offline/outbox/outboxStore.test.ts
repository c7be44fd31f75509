import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POST_GONE_MESSAGE } from '@shared/data/likes'
import { createConnectivityStore, type ConnectivityStore } from '../connectivityStore'
import type { OutboxAction } from './actions'
import { openOutboxDb } from './outboxDb'
import { createOutboxStore, type OutboxDeps, type OutboxStore } from './outboxStore'
import { inEnglish } from '../../testing/inEnglish'

const USER = 'user-a'
const comment = (id: string, postId = 'p1'): OutboxAction => ({
  kind: 'comment',
  id,
  postId,
  body: `comment ${id}`,
  parentId: null
})
const like = (postId: string, liked = true): OutboxAction => ({ kind: 'like', postId, liked })
const offlineError = (): TypeError => new TypeError('Failed to fetch')

/** A tiny server: comments keyed by id (a retried insert finds its row), likes as a set. */
function fakeServer() {
  const comments = new Map<string, OutboxAction>()
  const received: string[] = []
  let failures: Array<() => Error> = []
  let loseNextAnswer = false
  const deleted = new Set<string>()
  return {
    comments,
    received,
    deleted,
    /** The next sends fail with these errors before reaching the server. */
    failNext: (...errors: Array<() => Error>) => (failures = errors),
    /** The next send reaches the server, but its answer never comes back. */
    loseNextAnswer: () => (loseNextAnswer = true),
    async send(action: OutboxAction): Promise<unknown> {
      const failure = failures.shift()
      if (failure) throw failure()
      if (action.kind === 'like' && deleted.has(action.postId)) throw new Error(POST_GONE_MESSAGE)
      if (action.kind === 'save' && deleted.has(action.postId)) {
        throw new Error("Couldn't save the post: violates foreign key constraint")
      }
      if (action.kind === 'comment' && action.body.trim() === '') {
        throw new Error("Couldn't add your comment: Write something first")
      }
      received.push(
        action.kind === 'comment' ? action.id : `${action.kind}:${JSON.stringify(action)}`
      )
      if (action.kind === 'comment' && !comments.has(action.id)) comments.set(action.id, action)
      if (loseNextAnswer) {
        loseNextAnswer = false
        throw offlineError()
      }
      return { ok: true }
    }
  }
}

describe('the outbox', () => {
  let factory: IDBFactory
  let connectivity: ConnectivityStore
  let server: ReturnType<typeof fakeServer>
  let notes: string[]
  let dropped: OutboxAction[]
  let sent: OutboxAction[]
  const stores: OutboxStore[] = []

  const makeOutbox = (overrides: Partial<OutboxDeps> = {}): OutboxStore => {
    const store = createOutboxStore({
      openDb: () => openOutboxDb(factory),
      send: (action) => server.send(action),
      connectivity,
      notify: (message) => notes.push(inEnglish(message)!),
      onDropped: (action) => dropped.push(action),
      onSent: (action) => sent.push(action),
      // No jitter: the waits are exactly 1 s, 2 s, 4 s…
      random: () => 1,
      backoff: { baseMs: 1_000, capMs: 8_000 },
      ...overrides
    })
    stores.push(store)
    return store
  }

  /** Lets IndexedDB (fake-indexeddb schedules with the real setImmediate) and its promises settle. */
  const settle = async (): Promise<void> => {
    const { setImmediate } = globalThis as unknown as { setImmediate(fn: () => void): void }
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve))
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    factory = new IDBFactory()
    connectivity = createConnectivityStore('online')
    server = fakeServer()
    notes = []
    dropped = []
    sent = []
  })
  afterEach(() => {
    for (const store of stores.splice(0)) store.getState().dispose()
    vi.useRealTimers()
  })

  it('queues while offline and sends everything in the order it was made when back online', async () => {
    const outbox = makeOutbox()
    await outbox.getState().start(USER)
    connectivity.getState().reportUnreachable()
    await outbox.getState().enqueue(comment('c1'))
    await outbox.getState().enqueue(like('p2'))
    await outbox.getState().enqueue(comment('c3'))
    expect(outbox.getState().items.map((item) => item.action.kind)).toEqual([
      'comment',
      'like',
      'comment'
    ])
    expect(server.received).toEqual([])
    connectivity.getState().reportReachable()
    await settle()
    expect(server.received).toEqual(['c1', `like:${JSON.stringify(like('p2'))}`, 'c3'])
    expect(outbox.getState().items).toEqual([])
    expect(sent).toHaveLength(3)
    expect(await (await openOutboxDb(factory)).list(USER)).toEqual([])
  })

  it('retries a network failure with doubling waits, never before the wait is over', async () => {
    const outbox = makeOutbox()
    await outbox.getState().start(USER)
    server.failNext(offlineError, offlineError)
    await outbox.getState().enqueue(comment('c1'))
    await settle()
    expect(server.received).toEqual([])
    expect(connectivity.getState().status).toBe('offline')
    expect(outbox.getState().items[0].attempts).toBe(1)

    await vi.advanceTimersByTimeAsync(999)
    await settle()
    expect(outbox.getState().items[0].attempts).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    // Second failure: the next wait is twice as long.
    expect(outbox.getState().items[0].attempts).toBe(2)
    await vi.advanceTimersByTimeAsync(1_999)
    await settle()
    expect(server.received).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(server.received).toEqual(['c1'])
    expect(outbox.getState().items).toEqual([])
    expect(connectivity.getState().status).toBe('online')
  })

  it('resends a comment whose answer was lost under the same id, so the server keeps one', async () => {
    const outbox = makeOutbox()
    await outbox.getState().start(USER)
    server.loseNextAnswer()
    await outbox.getState().enqueue(comment('c1'))
    await settle()
    expect(outbox.getState().items).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    await settle()
    expect(server.received).toEqual(['c1', 'c1'])
    expect([...server.comments.keys()]).toEqual(['c1'])
    expect(outbox.getState().items).toEqual([])
  })

  it('drops actions on a deleted post, says so once, and goes on with the rest', async () => {
    const outbox = makeOutbox()
    await outbox.getState().start(USER)
    server.deleted.add('gone')
    connectivity.getState().reportUnreachable()
    await outbox.getState().enqueue(like('gone'))
    await outbox.getState().enqueue({ kind: 'save', postId: 'gone', saved: true })
    await outbox.getState().enqueue(comment('c2', 'kept'))
    connectivity.getState().reportReachable()
    await settle()
    expect(notes).toEqual(["That post was deleted, so your like wasn't sent"])
    expect(dropped.map((action) => action.kind)).toEqual(['like', 'save'])
    expect(server.received).toEqual(['c2'])
    expect(outbox.getState().items).toEqual([])
  })

  it('drops an action the server refuses, with its reason, and does not retry it', async () => {
    const outbox = makeOutbox()
    await outbox.getState().start(USER)
    await outbox.getState().enqueue({ ...comment('c1'), body: '  ' } as OutboxAction)
    await settle()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(notes).toEqual([
      "Your comment couldn't be sent: Couldn't add your comment: Write something first"
    ])
    expect(dropped).toHaveLength(1)
    expect(outbox.getState().items).toEqual([])
  })

  it('an unlike after a queued like cancels both; a repeated like adds nothing', async () => {
    const outbox = makeOutbox()
    await outbox.getState().start(USER)
    connectivity.getState().reportUnreachable()
    await outbox.getState().enqueue(like('p1'))
    await outbox.getState().enqueue(like('p1'))
    expect(outbox.getState().items).toHaveLength(1)
    await outbox.getState().enqueue(like('p1', false))
    expect(outbox.getState().items).toEqual([])
    expect(await (await openOutboxDb(factory)).list(USER)).toEqual([])
  })

  it('keeps an action queued while start-up was still reading the queue', async () => {
    let release!: () => void
    const listed = new Promise<void>((resolve) => (release = resolve))
    const outbox = makeOutbox({
      // The queue's read at start-up answers only once the test lets it.
      openDb: async () => {
        const db = await openOutboxDb(factory)
        return {
          ...db,
          list: async (userId: string) => {
            const items = await db.list(userId)
            await listed
            return items
          }
        }
      }
    })
    connectivity.getState().reportUnreachable()
    const starting = outbox.getState().start(USER)
    await settle()
    await outbox.getState().enqueue(comment('c1'))
    release()
    await starting
    await settle()
    // Start-up sends what is queued (its send is how it learns the backend is back).
    expect(server.received).toEqual(['c1'])
    expect(outbox.getState().items).toEqual([])
  })

  it('keeps the queue across a restart and sends it on start-up', async () => {
    const first = makeOutbox()
    await first.getState().start(USER)
    connectivity.getState().reportUnreachable()
    await first.getState().enqueue(comment('c1'))
    await first.getState().enqueue(comment('c2'))
    first.getState().dispose()

    connectivity = createConnectivityStore('online')
    const reopened = makeOutbox()
    await reopened.getState().start(USER)
    await settle()
    expect(server.received).toEqual(['c1', 'c2'])
    expect(reopened.getState().items).toEqual([])
  })

  it('run sends at once online, queues on a network failure, and throws any other error', async () => {
    const outbox = makeOutbox()
    await outbox.getState().start(USER)
    const applied: string[] = []
    const direct = await outbox.getState().run(
      like('p1'),
      async () => 'answer',
      () => applied.push('p1')
    )
    expect(direct).toEqual({ status: 'sent', result: 'answer' })
    expect(outbox.getState().items).toEqual([])

    const queued = await outbox.getState().run(
      like('p2'),
      () => Promise.reject(offlineError()),
      () => applied.push('p2')
    )
    expect(queued).toEqual({ status: 'queued' })
    expect(outbox.getState().items.map((item) => item.action)).toEqual([like('p2')])
    expect(connectivity.getState().status).toBe('offline')

    // Offline, the action is on disk before the optimistic change is applied.
    let storedWhenApplied = -1
    await outbox.getState().run(
      like('p3'),
      () => Promise.reject(new Error('not called')),
      () => {
        storedWhenApplied = outbox.getState().items.length
      }
    )
    expect(storedWhenApplied).toBe(2)

    connectivity.getState().reportReachable()
    await settle()
    await expect(
      outbox.getState().run(like('p4'), () => Promise.reject(new Error('Not allowed')))
    ).rejects.toThrow('Not allowed')
    expect(applied).toEqual(['p1', 'p2'])
  })

  it("wipes one user's queue and drafts and leaves another user's", async () => {
    const outbox = makeOutbox()
    connectivity.getState().reportUnreachable()
    await outbox.getState().start('user-b')
    await outbox.getState().enqueue(comment('b1'))
    await outbox.getState().start(USER)
    await outbox.getState().enqueue(comment('a1'))
    const db = await outbox.getState().db()
    await db.putDraft(USER, 'comment:p1', 'half a thought')
    await outbox.getState().wipe(USER)
    expect(outbox.getState().items).toEqual([])
    expect(await db.list(USER)).toEqual([])
    expect(await db.getDraft(USER, 'comment:p1')).toBeUndefined()
    expect((await db.list('user-b')).map((item) => item.action)).toEqual([comment('b1')])
  })
})
