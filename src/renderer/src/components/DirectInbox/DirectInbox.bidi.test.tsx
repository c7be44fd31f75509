// An English message in the Arabic inbox: the preview keeps the page's right-to-left line ("أنت:
// …") and isolates the message's own words in a <bdi>, so neither reorders the other.

import { screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DirectThread } from '@shared/data/direct/types'
import { DirectPage } from '../DirectPage/DirectPage'
import { createHarness, PROFILE, renderWith, signedIn } from '../../testing/fakes'
import { applyLanguage, i18n } from '../../i18n'

const ANN = { id: 'ann', username: 'ann', full_name: 'Ann', avatar_url: null, last_read_at: null }

function thread(id: string, body: string, senderId: string): DirectThread {
  return {
    id,
    name: null,
    is_group: false,
    last_message_at: new Date(Date.now() - 3600_000).toISOString(),
    state: 'accepted',
    last_read_at: null,
    unread: false,
    people: [ANN],
    last_message: { kind: 'text', body, sender_id: senderId }
  } as DirectThread
}

describe('the inbox preview in Arabic', () => {
  beforeAll(() => applyLanguage('ar'))
  afterAll(() => applyLanguage('en'))

  it('isolates an English message inside the Arabic line', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.direct.fetchThreads.mockResolvedValue({
      threads: [thread('t1', 'See you at 5pm!', PROFILE.id), thread('t2', 'ok, 10:30?', 'ann')],
      next: null
    })
    renderWith(<DirectPage thread={null} />, harness)
    const own = await screen.findByText('See you at 5pm!')
    expect(own.tagName).toBe('BDI')
    // The Arabic "You: …" around it, in the page's direction.
    expect(own.parentElement).toHaveTextContent(
      i18n.t('direct.preview.own', { line: 'See you at 5pm!' })
    )
    expect(own.parentElement?.textContent).not.toBe(own.textContent)
    expect(document.documentElement.dir).toBe('rtl')
    const theirs = screen.getByText('ok, 10:30?')
    expect(theirs.tagName).toBe('BDI')
  })
})
