import { describe, expect, it, vi } from 'vitest'
import type { DirectReport } from '@shared/bridge-contract'
import type { DirectMessage, DirectThread } from '@shared/data/direct/types'
import { createConnectivityStore } from '../../offline/connectivityStore'
import { fakeServices } from '../../testing/fakeServices'
import { ALERT_PREVIEW_LENGTH, directAlert } from './directAlerts'
import { makeDirectMessage } from '../../testing/factories'
import { createDirectStore } from './directStore'

const ME = 'me'
const ANA = { id: 'ana', username: 'ana', full_name: null, avatar_url: null, last_read_at: null }
const BO = { ...ANA, id: 'bo', username: 'bo' }

function thread(id: string, change: Partial<DirectThread> = {}): DirectThread {
  return {
    id,
    name: null,
    is_group: false,
    last_message_at: '2026-11-26T10:00:00Z',
    state: 'accepted',
    last_read_at: null,
    unread: true,
    people: [ANA],
    last_message: null,
    ...change
  }
}

function message(change: Partial<DirectMessage> = {}): DirectMessage {
  return makeDirectMessage(change)
}

describe('direct alert wording', () => {
  it('names the sender and previews the text, a photo or a shared post', () => {
    expect(directAlert(message(), thread('t1'), ME)).toEqual({
      key: 'm1',
      threadId: 't1',
      title: 'ana',
      body: 'see you at 8?'
    })
    expect(directAlert(message({ kind: 'photo', body: null }), thread('t1'), ME)?.body).toBe(
      'Sent a photo'
    )
    expect(directAlert(message({ kind: 'post', body: null }), thread('t1'), ME)?.body).toBe(
      'Shared a post'
    )
  })

  it('titles a group by its name, with the sender before the preview', () => {
    const group = thread('t1', { is_group: true, name: 'Trip', people: [ANA, BO] })
    expect(directAlert(message({ sender_id: 'bo' }), group, ME)).toMatchObject({
      title: 'Trip',
      body: 'bo: see you at 8?'
    })
  })

  it('clips a long message to one short line', () => {
    const long = `${'word '.repeat(60)}\nend`
    const body = directAlert(message({ body: long }), thread('t1'), ME)!.body
    expect(body).toHaveLength(ALERT_PREVIEW_LENGTH)
    expect(body.endsWith('…')).toBe(true)
    expect(body).not.toContain('\n')
  })

  it("announces nothing for a request, one's own message or an unknown thread", () => {
    expect(directAlert(message(), thread('t1', { state: 'request' }), ME)).toBeNull()
    expect(directAlert(message({ sender_id: ME }), thread('t1'), ME)).toBeNull()
    expect(directAlert(message(), undefined, ME)).toBeNull()
  })
})

function setup() {
  const services = fakeServices()
  const reportDirect = vi.fn(async (_report: DirectReport) => undefined)
  const store = createDirectStore({
    direct: services.direct,
    connectivity: createConnectivityStore(),
    searchPeople: services.people.searchPeople,
    notify: vi.fn(),
    notifications: { reportDirect }
  })
  store.getState().start(ME)
  const listener = services.direct.live.mock.calls[0][0]
  return { store, direct: services.direct, reportDirect, listener }
}

describe('direct store: the desktop', () => {
  it('reports each unread count it reads', async () => {
    const { store, direct, reportDirect } = setup()
    direct.countUnread.mockResolvedValue(3)
    await store.getState().refresh()
    expect(reportDirect).toHaveBeenLastCalledWith({
      unreadCount: 3,
      openThreadId: null,
      alerts: []
    })
  })

  it('reports a message from someone else, with the thread on screen, reading the inbox for it', async () => {
    const { store, direct, reportDirect, listener } = setup()
    direct.fetchThreads.mockResolvedValue({ threads: [thread('t1')], next: null })
    direct.fetchMessage.mockResolvedValue(message())
    await store.getState().openThread('t2')
    listener.onMessage({ id: 'm1', thread_id: 't1', sender_id: 'ana', created_at: '' })
    await vi.waitFor(() =>
      expect(reportDirect).toHaveBeenCalledWith({
        unreadCount: 0,
        openThreadId: 't2',
        alerts: [{ key: 'm1', threadId: 't1', title: 'ana', body: 'see you at 8?' }]
      })
    )
    expect(direct.fetchThreads).toHaveBeenCalledWith('inbox')
  })

  it('stays quiet for a message request', async () => {
    const { store, direct, reportDirect, listener } = setup()
    direct.fetchThreads.mockImplementation(async (folder: string) => ({
      threads: folder === 'requests' ? [thread('t9', { state: 'request' })] : [],
      next: null
    }))
    await store.getState().loadFolder('requests')
    direct.fetchMessage.mockResolvedValue(message({ thread_id: 't9' }))
    listener.onMessage({ id: 'm1', thread_id: 't9', sender_id: 'ana', created_at: '' })
    await vi.waitFor(() => expect(direct.countUnread.mock.calls.length).toBeGreaterThan(1))
    expect(reportDirect.mock.calls.every(([report]) => report.alerts.length === 0)).toBe(true)
  })
})
