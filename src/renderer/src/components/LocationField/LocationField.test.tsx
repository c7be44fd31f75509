import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { MAX_LOCATION_LENGTH } from '@shared/limits'
import { LocationField } from './LocationField'

function Field({ initial = '' }: { initial?: string }): ReactElement {
  const [value, setValue] = useState(initial)
  return <LocationField value={value} onChange={setValue} />
}

describe('LocationField', () => {
  it('is an optional "Add location" box named Location, with a counter once it holds text', async () => {
    const user = userEvent.setup()
    render(<Field />)
    const box = screen.getByRole('textbox', { name: 'Location' })
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
    render(<Field initial={'x'.repeat(99)} />)
    const box = screen.getByRole('textbox', { name: 'Location' })
    await user.type(box, 'yz')
    expect(box).toHaveValue('x'.repeat(99) + 'y')
    expect(screen.getByTestId('location-counter')).toHaveTextContent('100/100')
    await user.clear(box)
    await user.click(box)
    await user.paste('a'.repeat(150))
    expect(box).toHaveValue('a'.repeat(100))
  })
})
