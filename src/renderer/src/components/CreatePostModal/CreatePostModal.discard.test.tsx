// Leaving the create screen: at once when nothing was chosen or typed, otherwise "Discard post?"
// (Discard / Cancel) first; Escape with a caption suggestion list open closes only the list.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, pngFile, renderWith, signedIn, type Harness } from '../../testing/fakes'
import { deleteDatabase } from '../../offline/idb'
import { OUTBOX_DB_NAME } from '../../offline/outbox/outboxDb'
import { preferencesStore } from '../../preferences/usePreferences'
import { CreatePostModal } from './CreatePostModal'

type Setup = Harness & { user: ReturnType<typeof userEvent.setup> }

function setup(): Setup {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.people.searchPeople.mockResolvedValue([
    { id: 'a', username: 'alice', full_name: 'Alice A', avatar_url: null, followers_count: 0 }
  ])
  harness.stores.ui.getState().openCreate()
  renderWith(<CreatePostModal />, harness)
  return { ...harness, user: userEvent.setup() }
}

async function choosePhoto({ user }: Setup): Promise<HTMLElement> {
  await user.upload(screen.getByLabelText('Choose an image file'), pngFile())
  return screen.findByRole('textbox', { name: /caption/i })
}

const modal = (harness: Harness): string | null => harness.stores.ui.getState().modal
const question = (): HTMLElement | null => screen.queryByRole('dialog', { name: 'Discard post?' })

describe('CreatePostModal: leaving', () => {
  afterEach(async () => {
    await deleteDatabase(OUTBOX_DB_NAME)
  })

  it('closes at once when nothing was chosen', async () => {
    const harness = setup()
    await harness.user.keyboard('{Escape}')
    expect(question()).toBeNull()
    expect(modal(harness)).toBeNull()
  })

  it('asks "Discard post?" once a photo was chosen; Cancel and Escape go back to it', async () => {
    const harness = setup()
    const caption = await choosePhoto(harness)
    await harness.user.type(caption, 'Sunset')
    await harness.user.keyboard('{Escape}')
    const asked = screen.getByRole('dialog', { name: 'Discard post?' })
    expect(asked).toHaveTextContent("If you leave, your edits won't be saved.")
    await harness.user.click(within(asked).getByRole('button', { name: 'Cancel' }))
    expect(question()).toBeNull()
    expect(modal(harness)).toBe('create')
    expect(caption).toHaveValue('Sunset')

    // The close button asks too; Escape in the question answers Cancel.
    await harness.user.click(screen.getByRole('button', { name: 'Close' }))
    expect(question()).not.toBeNull()
    await harness.user.keyboard('{Escape}')
    expect(question()).toBeNull()
    expect(modal(harness)).toBe('create')
  })

  it('Discard closes and deletes the saved draft', async () => {
    const harness = setup()
    const caption = await choosePhoto(harness)
    await harness.user.type(caption, 'Sunset')
    const db = await harness.stores.outbox.getState().db()
    await waitFor(async () => expect(await db.getDraft('user-1', 'create-post')).toBeDefined())
    await harness.user.keyboard('{Escape}')
    await harness.user.click(screen.getByRole('button', { name: 'Discard' }))
    expect(modal(harness)).toBeNull()
    await waitFor(async () => expect(await db.getDraft('user-1', 'create-post')).toBeUndefined())
  })

  it('Escape with a suggestion list open closes only the list', async () => {
    const harness = setup()
    const caption = await choosePhoto(harness)
    await harness.user.type(caption, 'hi @al')
    await screen.findByRole('listbox', { name: 'People' })
    await harness.user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(question()).toBeNull()
    expect(modal(harness)).toBe('create')
    await harness.user.keyboard('{Escape}')
    expect(question()).not.toBeNull()
  })

  it('asks on Escape with the alt-text reminder up, also once focus fell to the page', async () => {
    const harness = setup()
    const caption = await choosePhoto(harness)
    await harness.user.type(caption, 'Dusk')
    await harness.user.click(screen.getByRole('button', { name: "Don't remind me" }))
    // Its button went away: the keyboard stays in the dialog.
    expect(caption).toHaveFocus()
    // A control that had focus and went away leaves it on the page: Escape still asks.
    caption.blur()
    expect(document.body).toHaveFocus()
    await harness.user.keyboard('{Escape}')
    expect(question()).not.toBeNull()
    expect(modal(harness)).toBe('create')
    preferencesStore.getState().set('altTextReminder', true)
  })
})
