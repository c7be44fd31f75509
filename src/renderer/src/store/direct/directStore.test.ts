import { describe, expect, it, vi } from 'vitest'
import type { DirectMessage } from '@shared/data/direct/types'
import { createConnectivityStore } from '../../offline/connectivityStore'
import { fakeServices } from '../../testing/fakeServices'
import { makeDirectMessage } from '../../testing/factories'
import { createDirectStore } from './directStore'

const THREAD = 'thread-1'
const ME = 'me'

function sentMessage(id: string, body: string): DirectMessage {
  return makeDirectMessage({
    id,
    thread_id: THREAD,
    sender_id: ME,
    body,
    created_at: new Date().toISOString()
  })
}

function setup() {
  const services = fakeServices()
  const connectivity = createConnectivityStore()
  const notify = vi.fn()
  const store = createDirectStore({
    direct: services.direct,
    connectivity,
    searchPeople: services.people.searchPeople,
    notify
  })
  return { store, direct: services.direct, connectivity, notify }
}

async function openThread(store: ReturnType<typeof setup>['store']) {
  store.getState().start(ME)
  await store.getState().openThread(THREAD)
}

const networkError = (): Error => new TypeError('Failed to fetch')

describe('direct store: sending', () => {
  it('shows a message at once as pending, then as sent', async () => {
    const { store, direct } = setup()
    await openThread(store)
    let finish: (message: DirectMessage) => void = () => undefined
    direct.send.mockImplementation(
      (outgoing: { id: string }) =>
        new Promise((resolve) => {
          finish = () => resolve(sentMessage(outgoing.id, 'hi'))
        })
    )
    const sending = store.getState().sendText('hi')
    expect(store.getState().open!.messages).toMatchObject([{ body: 'hi', pending: true }])
    finish(sentMessage('x', 'hi'))
    await sending
    expect(store.getState().open!.messages).toMatchObject([{ body: 'hi' }])
    expect(store.getState().open!.messages[0].pending).toBeUndefined()
  })

  it('keeps an offline send pending and sends it with the same id once, when back online', async () => {
    const { store, direct, connectivity } = setup()
    await openThread(store)
    direct.send.mockRejectedValueOnce(networkError())
    await store.getState().sendText('from the train')
    expect(connectivity.getState().status).toBe('offline')
    expect(store.getState().open!.messages).toMatchObject([{ pending: true }])
    const firstId = direct.send.mock.calls[0][0].id

    direct.send.mockImplementation(async (outgoing: { id: string }) =>
      sentMessage(outgoing.id, 'from the train')
    )
    connectivity.getState().reportReachable()
    await vi.waitFor(() => expect(store.getState().open!.messages[0].pending).toBeUndefined())
    expect(direct.send).toHaveBeenCalledTimes(2)
    expect(direct.send.mock.calls[1][0].id).toBe(firstId)
    expect(store.getState().open!.messages).toHaveLength(1)
  })

  it('takes back a message the server refused and says why', async () => {
    const { store, direct, notify } = setup()
    await openThread(store)
    direct.send.mockRejectedValueOnce(new Error('You cannot message this person'))
    await store.getState().sendText('hello?')
    expect(store.getState().open!.messages).toEqual([])
    expect(notify).toHaveBeenCalledWith('You cannot message this person')
  })
})

describe('direct store: live events', () => {
  it('appends a message from someone else once, and follows hearts and unsends', async () => {
    const { store, direct } = setup()
    await openThread(store)
    const listener = direct.live.mock.calls[0][0]
    const theirs = { ...sentMessage('m1', 'yo'), sender_id: 'them' }
    direct.fetchMessage.mockResolvedValue(theirs)
    listener.onMessage(theirs)
    listener.onMessage(theirs)
    await vi.waitFor(() => expect(store.getState().open!.messages).toHaveLength(1))
    listener.onHeart({ message_id: 'm1', user_id: ME, thread_id: THREAD }, true)
    expect(store.getState().open!.messages[0].hearts).toEqual([ME])
    listener.onUnsend({ id: 'm1', thread_id: THREAD })
    expect(store.getState().open!.messages).toEqual([])
  })

  it('drops "typing…" as soon as the typist\'s message arrives', async () => {
    const { store, direct } = setup()
    await openThread(store)
    const room = direct.room.mock.calls[0][2]
    room.onTyping('them')
    room.onTyping('other')
    expect(Object.keys(store.getState().open!.typingUntil)).toEqual(['them', 'other'])
    const theirs = { ...sentMessage('m2', 'done typing'), sender_id: 'them' }
    direct.fetchMessage.mockResolvedValue(theirs)
    direct.live.mock.calls[0][0].onMessage(theirs)
    // At once, before the message is even read back.
    expect(Object.keys(store.getState().open!.typingUntil)).toEqual(['other'])
  })

  it('loads older history above what is shown', async () => {
    const { store, direct } = setup()
    direct.fetchHistory
      .mockResolvedValueOnce({
        items: [sentMessage('b', 'newer')],
        next: { created_at: '2026-01-01', id: 'b' }
      })
      .mockResolvedValueOnce({ items: [sentMessage('a', 'older')], next: null })
    await openThread(store)
    await store.getState().loadOlder()
    expect(store.getState().open!.messages.map((m) => m.body)).toEqual(['older', 'newer'])
    expect(store.getState().open!.older).toBeNull()
  })
})

describe('direct store: a thread route shown before the session starts', () => {
  it('is read again as the signed-in user, with its room, instead of going blank', async () => {
    const { store, direct } = setup()
    direct.fetchHistory.mockResolvedValue({ items: [sentMessage('a', 'kept')], next: null })
    // Child effects run first: the thread route opens the thread, then the session starts.
    await store.getState().openThread(THREAD)
    store.getState().start(ME)
    await vi.waitFor(() =>
      expect(store.getState().open?.messages.map((m) => m.body)).toEqual(['kept'])
    )
    expect(store.getState().open!.id).toBe(THREAD)
    expect(direct.room).toHaveBeenCalledWith(THREAD, ME, expect.anything())
  })
})

describe('direct store: a thread read lately', () => {
  it('shows again as it was left, in the same call that opens it, then the backend answer', async () => {
    const { store, direct } = setup()
    direct.fetchHistory.mockResolvedValue({ items: [sentMessage('a', 'first')], next: null })
    await openThread(store)
    await store.getState().openThread(null)
    let answer: (page: { items: DirectMessage[]; next: null }) => void = () => undefined
    direct.fetchHistory.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const opening = store.getState().openThread(THREAD)
    // Before the backend answers: the remembered messages, ready to read.
    expect(store.getState().open).toMatchObject({ status: 'ready', messages: [{ body: 'first' }] })
    answer({ items: [sentMessage('b', 'second'), sentMessage('a', 'first')], next: null })
    await opening
    expect(store.getState().open!.messages.map((m) => m.body)).toEqual(['first', 'second'])
  })

  it('is not shown to someone else signed in after, nor after a new session starts', async () => {
    const { store, direct } = setup()
    direct.fetchHistory.mockResolvedValue({ items: [sentMessage('a', 'private')], next: null })
    await openThread(store)
    await store.getState().openThread(null)
    direct.fetchHistory.mockImplementation(() => new Promise(() => undefined))
    store.getState().start('someone-else')
    void store.getState().openThread(THREAD)
    expect(store.getState().open).toMatchObject({ status: 'loading', messages: [] })
  })

  it('is read ahead from the inbox once, and opens from there at once', async () => {
    const { store, direct } = setup()
    store.getState().start(ME)
    direct.fetchHistory.mockResolvedValue({ items: [sentMessage('a', 'ahead')], next: null })
    await store.getState().prefetchThread(THREAD)
    await store.getState().prefetchThread(THREAD)
    expect(direct.fetchHistory).toHaveBeenCalledTimes(1)
    direct.fetchHistory.mockImplementation(() => new Promise(() => undefined))
    void store.getState().openThread(THREAD)
    expect(store.getState().open).toMatchObject({ status: 'ready', messages: [{ body: 'ahead' }] })
  })

  it('reads ahead again after a read ahead that failed', async () => {
    const { store, direct } = setup()
    store.getState().start(ME)
    direct.fetchHistory.mockRejectedValueOnce(networkError())
    await store.getState().prefetchThread(THREAD)
    direct.fetchHistory.mockResolvedValue({ items: [sentMessage('a', 'second try')], next: null })
    await store.getState().prefetchThread(THREAD)
    expect(direct.fetchHistory).toHaveBeenCalledTimes(2)
    direct.fetchHistory.mockImplementation(() => new Promise(() => undefined))
    void store.getState().openThread(THREAD)
    expect(store.getState().open).toMatchObject({
      status: 'ready',
      messages: [{ body: 'second try' }]
    })
  })
})
