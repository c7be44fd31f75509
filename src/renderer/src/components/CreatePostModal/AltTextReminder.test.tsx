import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { pngFile, createHarness, renderWith, signedIn } from '../../testing/fakes'
import { preferencesStore } from '../../preferences/usePreferences'
import { CreatePostModal } from './CreatePostModal'

// jsdom has no canvas: the photo pipeline is the fixture's (createPostFixture).
vi.mock('../../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../imaging/processImage')>()),
  processImage: (await import('./createPostFixture')).processImage
}))

afterEach(() => preferencesStore.getState().set('altTextReminder', true))

async function withPhoto() {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreate()
  renderWith(<CreatePostModal />, harness)
  const user = userEvent.setup({ applyAccept: false })
  await user.upload(screen.getByLabelText('Choose an image file'), pngFile())
  await screen.findByRole('img', { name: 'Preview of the selected image' })
  return { harness, user }
}

const reminder = () => screen.queryByRole('region', { name: 'Alt text reminder' })

// Each test renders the whole modal and reads a photo: slow on a busy machine.
describe('the alt-text reminder', { timeout: 20_000 }, () => {
  it('waits for a caption, shows beside Share while the photo has no description, and goes once it has one', async () => {
    const { user } = await withPhoto()
    // Framing a photo is not the time: nothing is written yet.
    expect(reminder()).toBeNull()
    await user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Dusk')
    expect(reminder()).toHaveTextContent('Your photo has no alt text.')
    await user.click(screen.getByRole('button', { name: 'Add alt text' }))
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveFocus()
    await user.keyboard('A red square')
    expect(reminder()).toBeNull()
  })

  it('never stands in the way: Share works with it up; Not now hides it for this post', async () => {
    const { harness, user } = await withPhoto()
    await user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Dusk')
    await user.click(screen.getByRole('button', { name: 'Not now' }))
    expect(reminder()).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(harness.api.posts.create).toHaveBeenCalled(), { timeout: 10_000 })
  })

  it('a first Share without alt text shows it once; Share again posts', async () => {
    const { harness, user } = await withPhoto()
    await user.click(screen.getByRole('button', { name: 'Share' }))
    expect(reminder()).toHaveTextContent('Your photo has no alt text.')
    expect(harness.api.posts.create).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(harness.api.posts.create).toHaveBeenCalled(), { timeout: 10_000 })
  })

  it("Don't remind me turns it off in Settings › Accessibility", async () => {
    const { user } = await withPhoto()
    await user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Dusk')
    await user.click(screen.getByRole('button', { name: "Don't remind me" }))
    expect(reminder()).toBeNull()
    expect(preferencesStore.getState().altTextReminder).toBe(false)
  })
})
