// Grouped activity lines name people one by one: each name in its own <bdi> (a Hebrew or Arabic
// username cannot pull the words around it into its direction), the names and "N others" joined
// as the reader's language joins a list.

import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { applyLanguage, i18n } from '../../i18n'
import { Header } from '../Header/Header'
import { createHarness, makeGroup, renderWith, signedIn } from '../../testing/fakes'

const actor = (username: string) => ({
  id: `id-${username}`,
  username,
  full_name: null,
  avatar_url: null
})

async function openPanel(groups: ReturnType<typeof makeGroup>[]): Promise<HTMLElement> {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.activity.fetchPage.mockResolvedValue({ groups, next: null })
  renderWith(<Header />, harness)
  act(() => void harness.stores.activity.getState().start('user-1'))
  await userEvent.click(
    screen.getByRole('button', { name: new RegExp(`^${i18n.t('nav.notifications')}`) })
  )
  return screen.findByRole('dialog', { name: i18n.t('nav.notifications') })
}

describe('the actors of a grouped activity line', () => {
  afterEach(() => applyLanguage('en'))

  it('isolates each name in its own <bdi>, and keeps the English words', async () => {
    const panel = await openPanel([
      makeGroup({ group_key: 'a', actors: [actor('ana'), actor('דנה')], actor_count: 2 }),
      makeGroup({ group_key: 'b', actors: [actor('سارة'), actor('bob')], actor_count: 4 })
    ])
    const lines = await within(panel).findAllByRole('listitem')
    const strong = (line: HTMLElement) => line.querySelector('strong')!
    expect([...strong(lines[0]!).querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([
      'ana',
      'דנה'
    ])
    expect(strong(lines[0]!).textContent).toBe('ana and דנה')
    expect([...strong(lines[1]!).querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([
      'سارة'
    ])
    expect(strong(lines[1]!).textContent).toBe('سارة and 3 others')
  })

  it('joins them as the reader’s language does', async () => {
    await act(() => applyLanguage('ja'))
    const panel = await openPanel([
      makeGroup({ group_key: 'a', actors: [actor('ana'), actor('bob')], actor_count: 2 }),
      makeGroup({ group_key: 'b', actors: [actor('ana'), actor('bob')], actor_count: 4 })
    ])
    const lines = await within(panel).findAllByRole('listitem')
    expect(lines[0]!.querySelector('strong')!.textContent).toBe('anaさん、bobさん')
    expect(lines[1]!.querySelector('strong')!.textContent).toBe('anaさん、他3人')
    expect(lines[1]!.querySelector('bdi')!.textContent).toBe('ana')
  })
})
