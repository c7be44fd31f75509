import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { CaptionField } from './CaptionField'

function Caption({ onEscape }: { onEscape?: () => void }): ReactElement {
  const [value, setValue] = useState('')
  return (
    // The dialog's own Escape must not fire while the list is open.
    <div onKeyDown={(event) => event.key === 'Escape' && onEscape?.()}>
      <label htmlFor="caption">Caption</label>
      <CaptionField id="caption" value={value} onValueChange={setValue} />
    </div>
  )
}

const PEOPLE = [
  { id: 'a', username: 'alice', full_name: 'Alice A', avatar_url: null, followers_count: 0 },
  { id: 'b', username: 'alina', full_name: null, avatar_url: null, followers_count: 0 },
  { id: 'c', username: 'bob', full_name: 'Albert Bob', avatar_url: null, followers_count: 0 }
]

function setup(onEscape?: () => void) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.people.searchPeople.mockResolvedValue(PEOPLE)
  harness.services.peopleTags.searchHashtags.mockResolvedValue([
    { tag: 'cats', posts: 1200 },
    { tag: 'catsofinstagram', posts: 1 }
  ])
  renderWith(<Caption onEscape={onEscape} />, harness)
  return { ...harness, user: userEvent.setup(), field: screen.getByLabelText('Caption') }
}

describe('CaptionField', () => {
  it('lists people whose username starts with what follows @, and Enter inserts "@username "', async () => {
    const { user, field, services } = setup()
    await user.type(field, 'hi @al')
    const list = await screen.findByRole('listbox', { name: 'People' })
    const options = screen.getAllByRole('option')
    expect(options).toHaveLength(2)
    expect(options[0]).toHaveTextContent('aliceAlice A')
    expect(options[1]).toHaveTextContent('alina')
    expect(services.people.searchPeople).toHaveBeenLastCalledWith('al', expect.any(Number))
    expect(field).toHaveAttribute('aria-controls', list.id)
    expect(field).toHaveAttribute('aria-activedescendant', options[0].id)
    expect(options[0]).toHaveAttribute('aria-selected', 'true')

    await user.keyboard('{ArrowDown}')
    expect(field).toHaveAttribute('aria-activedescendant', options[1].id)
    await user.keyboard('{ArrowUp}{Enter}')
    expect(field).toHaveValue('hi @alice ')
    expect((field as HTMLTextAreaElement).selectionStart).toBe(10)
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('lists hashtags with their post counts, and Tab picks one', async () => {
    const { user, field } = setup()
    await user.type(field, 'sunny #ca')
    await screen.findByRole('listbox', { name: 'Hashtags' })
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '#cats1,200 posts',
      '#catsofinstagram1 post'
    ])
    await user.keyboard('{Tab}')
    expect(field).toHaveValue('sunny #cats ')
    expect(field).toHaveFocus()
  })

  it('a click on a suggestion picks it', async () => {
    const { user, field } = setup()
    await user.type(field, '@ali')
    await user.click(await screen.findByRole('option', { name: /alina/ }))
    expect(field).toHaveValue('@alina ')
  })

  it('Escape closes the list only, and typing opens it again', async () => {
    const onEscape = vi.fn()
    const { user, field } = setup(onEscape)
    await user.type(field, '@al')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(onEscape).not.toHaveBeenCalled()
    await user.keyboard('i')
    expect(await screen.findByRole('listbox')).toBeInTheDocument()
    await user.keyboard('{Escape}{Escape}')
    expect(onEscape).toHaveBeenCalledTimes(1)
  })

  it('offers nothing for plain words or an e-mail address', async () => {
    const { user, field, services } = setup()
    await user.type(field, 'mail me@al')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(services.people.searchPeople).not.toHaveBeenCalled()
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
  })
})
