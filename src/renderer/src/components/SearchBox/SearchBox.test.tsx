import { screen } from '@testing-library/react'
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
})
