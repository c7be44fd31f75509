import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { SearchBox } from './SearchBox'

const person = (n: number) => ({
  id: `p-${n}`,
  username: `person_${n}`,
  full_name: `Person ${n}`,
  avatar_url: null,
  followers_count: 0
})

describe('SearchBox', () => {
  beforeEach(() => {
    localStorage.clear()
    window.location.hash = '#/'
  })

  it('moves through results with the arrows, opens one with Enter and remembers it', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.people.searchPeople.mockResolvedValue([person(1), person(2)])
    renderWith(<SearchBox />, harness)
    const user = userEvent.setup()
    const box = screen.getByRole('combobox', { name: 'Search people' })
    await user.type(box, 'pers')
    expect(await screen.findAllByRole('option')).toHaveLength(2)
    expect(harness.services.people.searchPeople).toHaveBeenLastCalledWith('pers', 8)

    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('option', { name: /person_2/ })).toHaveAttribute(
      'aria-selected',
      'true'
    )
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1].id)
    await user.keyboard('{Enter}')
    expect(harness.stores.router.getState().route).toEqual({
      name: 'profile',
      username: 'person_2'
    })
    expect(box).toHaveValue('')

    await user.click(box)
    const recent = screen.getByRole('listbox', { name: 'Recent searches' })
    expect(recent).toHaveTextContent('person_2')
  })

  it('says when nothing matches, and Escape closes the list', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SearchBox />, harness)
    const user = userEvent.setup()
    await user.type(screen.getByRole('combobox', { name: 'Search people' }), 'zzz')
    expect(await screen.findByText('No results')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('searches hashtags in the Tags tab, with recent searches of its own', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.people.searchPeople.mockResolvedValue([person(1)])
    harness.services.peopleTags.searchHashtags.mockResolvedValue([{ tag: 'harbour', posts: 3 }])
    renderWith(<SearchBox />, harness)
    const user = userEvent.setup()
    await user.type(screen.getByRole('combobox', { name: 'Search people' }), 'pers')
    await screen.findByRole('option', { name: /person_1/ })
    await user.keyboard('{ArrowDown}{Enter}')

    await user.click(screen.getByRole('combobox', { name: 'Search people' }))
    const tabs = screen.getByRole('tablist', { name: 'Search for' })
    expect(within(tabs).getByRole('tab', { name: 'Accounts' })).toHaveAttribute(
      'aria-selected',
      'true'
    )
    await user.click(within(tabs).getByRole('tab', { name: 'Tags' }))
    expect(screen.getByRole('tabpanel', { name: 'Tags' })).toHaveTextContent('No recent searches.')
    const box = screen.getByRole('combobox', { name: 'Search hashtags' })
    expect(box).toHaveFocus()
    await user.type(box, '#Harb')
    expect(await screen.findByRole('option', { name: /#harbour\s*3 posts/ })).toBeInTheDocument()
    expect(harness.services.peopleTags.searchHashtags).toHaveBeenLastCalledWith('harb', 8)
    await user.keyboard('{ArrowDown}{Enter}')
    expect(harness.stores.router.getState().route).toEqual({ name: 'tag', tag: 'harbour' })

    await user.click(box)
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toHaveTextContent('#harbour')
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).not.toHaveTextContent(
      'person_1'
    )
    await user.click(screen.getByRole('tab', { name: 'Accounts' }))
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toHaveTextContent('person_1')
  })

  it('moves between tabs with the arrow keys, as a tablist does', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SearchBox />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox', { name: 'Search people' }))
    await user.tab()
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Tags' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('tabindex', '-1')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Places' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Places' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Search places' })).toHaveFocus()
  })

  it('searches places in the Places tab, opens one and keeps it in its own recent list', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.places.search.mockResolvedValue([
      { id: 'place-1', name: 'Café de Flore' },
      { id: 'place-2', name: 'Le Café Marly' }
    ])
    renderWith(<SearchBox />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox', { name: 'Search people' }))
    await user.click(screen.getByRole('tab', { name: 'Places' }))
    expect(screen.getByRole('tabpanel', { name: 'Places' })).toHaveTextContent(
      'No recent searches.'
    )
    const box = screen.getByRole('combobox', { name: 'Search places' })
    await user.type(box, 'cafe')
    expect(await screen.findAllByRole('option')).toHaveLength(2)
    expect(harness.services.places.search).toHaveBeenLastCalledWith('cafe')
    await user.click(screen.getByRole('option', { name: 'Le Café Marly' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'place', placeId: 'place-2' })

    await user.click(box)
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toHaveTextContent(
      'Le Café Marly'
    )
    await user.click(screen.getByRole('tab', { name: 'Tags' }))
    expect(screen.getByRole('tabpanel', { name: 'Tags' })).toHaveTextContent('No recent searches.')
    await user.click(screen.getByRole('tab', { name: 'Places' }))
    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    expect(screen.getByRole('tabpanel', { name: 'Places' })).toHaveTextContent(
      'No recent searches.'
    )
  })

  it('says when no place matches', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SearchBox />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox', { name: 'Search people' }))
    await user.click(screen.getByRole('tab', { name: 'Places' }))
    await user.type(screen.getByRole('combobox', { name: 'Search places' }), 'nowhere')
    expect(await screen.findByText('No places found')).toBeInTheDocument()
  })
})
