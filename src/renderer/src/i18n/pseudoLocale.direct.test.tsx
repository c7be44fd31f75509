// The extraction test (pseudoLocale.test.tsx) on messages: the inbox and its requests, a thread
// with every kind of message, "Seen", a request's reply bar, a new message and the share sheet.

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { DirectThread } from '@shared/data/direct/types'
import { DirectPage } from '../components/DirectPage/DirectPage'
import { DirectShareSheet } from '../components/DirectShareSheet/DirectShareSheet'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import {
  createHarness,
  makeDirectMessage,
  PROFILE,
  renderWith as render,
  signedIn
} from '../testing/fakes'
import { i18n } from './index'

const ANN = { id: 'ann', username: 'ann', full_name: 'Ann', avatar_url: null, last_read_at: null }

function thread(id: string, overrides: Partial<DirectThread> = {}): DirectThread {
  return {
    id,
    name: null,
    is_group: false,
    last_message_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    state: 'accepted',
    last_read_at: null,
    unread: true,
    people: [{ ...ANN, last_read_at: '2030-01-01T00:00:00Z' }],
    last_message: { kind: 'photo', body: null, sender_id: PROFILE.id },
    ...overrides
  } as DirectThread
}

inPseudoLocale()

describe('the pseudo-locale shows no English in messages', () => {
  it('signed out', () => {
    render(<DirectPage thread={null} />, createHarness())
    expect(englishLeft()).toEqual([])
  })

  it('the inbox, its requests and a thread with every kind of message', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const { direct } = harness.services
    direct.fetchThreads.mockImplementation(async (folder: string) => ({
      threads: folder === 'inbox' ? [thread('t1')] : [thread('t2', { state: 'request' })],
      next: null
    }))
    direct.fetchHistory.mockResolvedValue({
      items: [
        makeDirectMessage({ id: 'm4', sender_id: PROFILE.id, body: 'Hello there' }),
        makeDirectMessage({ id: 'm3', kind: 'story_reaction', body: '❤️', hearts: ['ann'] }),
        makeDirectMessage({ id: 'm2', kind: 'post', body: null }),
        makeDirectMessage({ id: 'm1', kind: 'photo', body: null, image_url: 'http://x/p.png' })
      ],
      next: null
    })
    render(<DirectPage thread="t1" />, harness)
    await screen.findByText(i18n.t('direct.seen'))
    await screen.findByText(i18n.t('direct.preview.own', { line: i18n.t('direct.preview.photo') }))
    expect(englishLeft()).toEqual([])
    await userEvent
      .setup()
      .click(screen.getByRole('tab', { name: i18n.t('direct.requestsCount', { count: 1 }) }))
    await screen.findByRole('button', { name: i18n.t('direct.accept') })
    expect(englishLeft()).toEqual([])
  })

  it('a request opened, a new message and the empty page', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.direct.fetchThreads.mockResolvedValue({
      threads: [thread('t2', { state: 'request', last_message: null })],
      next: null
    })
    render(<DirectPage thread="t2" />, harness)
    await screen.findByText(i18n.t('direct.acceptToReply'))
    expect(englishLeft()).toEqual([])
    document.body.innerHTML = ''
    render(<DirectPage thread={null} />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: i18n.t('direct.sendMessage') }))
    expect(englishLeft()).toEqual([])
  })

  it('the share sheet', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.direct.fetchThreads.mockResolvedValue({ threads: [thread('t1')], next: null })
    render(<DirectShareSheet postId="post-1" onClose={() => undefined} />, harness)
    await screen.findByRole('list', { name: i18n.t('direct.recentConversations') })
    expect(englishLeft()).toEqual([])
  })
})
