import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { MAX_LOCATION_LENGTH } from '@shared/limits'
import { createHarness, renderWith } from '../../testing/harness'
import { foldPlaceName, LocationField } from './LocationField'

function Field({ initial = '' }: { initial?: string }): ReactElement {
  const [value, setValue] = useState(initial)
  return <LocationField value={value} onChange={setValue} />
}

function setup(initial = '') {
  const harness = createHarness()
  renderWith(<Field initial={initial} />, harness)
  return { ...harness, box: screen.getByRole('combobox', { name: 'Location' }) }
}

describe('LocationField', () => {
  it('is an optional "Add location" box named Location, with a counter once it holds text', async () => {
    const user = userEvent.setup()
    const { box } = setup()
    expect(box).toHaveAttribute('placeholder', 'Add location')
    expect(box).not.toBeRequired()
    expect(screen.queryByTestId('location-counter')).toBeNull()
    await user.type(box, 'Café de Flore')
    expect(screen.getByTestId('location-counter')).toHaveTextContent(`13/${MAX_LOCATION_LENGTH}`)
    await user.clear(box)
    expect(screen.queryByTestId('location-counter')).toBeNull()
  })

  it('stops at 100 characters, typed or pasted', async () => {
    const user = userEvent.setup()
    const { box } = setup('x'.repeat(99))
    await user.type(box, 'yz')
    expect(box).toHaveValue('x'.repeat(99) + 'y')
    expect(screen.getByTestId('location-counter')).toHaveTextContent('100/100')
    await user.clear(box)
    await user.click(box)
    await user.paste('a'.repeat(150))
    expect(box).toHaveValue('a'.repeat(100))
  })

  it('lists the places found for what was typed; a click takes the place’s own name', async () => {
    const user = userEvent.setup()
    const { box, services } = setup()
    services.places.search.mockResolvedValue([
      { id: 'p1', name: 'Café de Flore' },
      { id: 'p2', name: 'Le Café Marly' }
    ])
    await user.type(box, 'cafe')
    const list = await screen.findByRole('listbox', { name: 'Places' })
    await waitFor(() => expect(list.querySelectorAll('[role="option"]')).toHaveLength(3))
    expect(services.places.search).toHaveBeenLastCalledWith('cafe')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Café de Flore',
      'Le Café Marly',
      'New place: cafe'
    ])
    await user.click(screen.getByRole('option', { name: 'Café de Flore' }))
    expect(box).toHaveValue('Café de Flore')
    expect(screen.queryByRole('option')).toBeNull()
  })

  it('offers no new place when one has the name without case or accents; keys choose', async () => {
    const user = userEvent.setup()
    const { box, services } = setup()
    services.places.search.mockResolvedValue([{ id: 'p1', name: 'Zürich HB' }])
    await user.type(box, 'zurich  hb')
    await screen.findByRole('option', { name: 'Zürich HB' })
    expect(screen.getAllByRole('option')).toHaveLength(1)
    await user.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option').id)
    await user.keyboard('{Enter}')
    expect(box).toHaveValue('Zürich HB')
  })

  it('offers a name no place has as a new place, and Escape closes the list alone', async () => {
    const user = userEvent.setup()
    const { box, services } = setup()
    services.places.search.mockResolvedValue([])
    let escaped = false
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') escaped = true
    })
    await user.type(box, 'Our garden')
    await screen.findByRole('option', { name: 'New place: Our garden' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('option')).toBeNull()
    expect(escaped).toBe(false)
    expect(box).toHaveValue('Our garden')
  })

  it('says when the search failed', async () => {
    const user = userEvent.setup()
    const { box, services } = setup()
    services.places.search.mockRejectedValue(new Error('down'))
    await user.type(box, 'Lisbon')
    expect(await screen.findByText("Couldn't search places. Try again.")).toHaveAttribute(
      'role',
      'status'
    )
  })

  it('folds names as the database does', () => {
    expect(foldPlaceName('  Café   de FLORE ')).toBe('cafe de flore')
  })
})
