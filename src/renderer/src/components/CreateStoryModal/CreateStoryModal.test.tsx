import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORY_FRAME } from '../../imaging/renditions'
import { createHarness, makeStory, pngFile, renderWith, signedIn } from '../../testing/fakes'
import { CreateStoryModal } from './CreateStoryModal'
import { processImage } from './storyFixture'

// jsdom has no canvas: the photo pipeline is the fixture's (storyFixture).
vi.mock('../../imaging/processImage', async () => ({
  processImage: (await import('./storyFixture')).processImage
}))

afterEach(() => vi.clearAllMocks())

async function pickPhoto() {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreateStory()
  renderWith(<CreateStoryModal />, harness)
  const user = userEvent.setup({ applyAccept: false })
  await user.upload(screen.getByLabelText('Choose an image file'), pngFile())
  await screen.findByRole('img', { name: 'Preview of your story' })
  return { ...harness, user }
}

describe('CreateStoryModal', () => {
  it('shares the photo, sized for the story frame, with its text, and closes', async () => {
    const harness = await pickPhoto()
    harness.services.stories.post.mockResolvedValue(makeStory())
    await harness.user.type(screen.getByLabelText('Text on your story (optional)'), 'hello')
    expect(screen.getByTestId('story-text-counter')).toHaveTextContent('5/200')
    await harness.user.click(screen.getByRole('button', { name: 'Share to story' }))
    await waitFor(() => expect(harness.stores.ui.getState().modal).toBeNull())
    expect(processImage).toHaveBeenCalledWith(expect.anything(), STORY_FRAME)
    expect(harness.services.stories.post).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'hello', declaredType: 'image/png' })
    )
  })

  it('keeps the photo and text and says why when sharing fails', async () => {
    const harness = await pickPhoto()
    harness.services.stories.post.mockRejectedValue(new Error('Upload failed: disk full'))
    await harness.user.type(screen.getByLabelText('Text on your story (optional)'), 'again')
    await harness.user.click(screen.getByRole('button', { name: 'Share to story' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: disk full')
    expect(screen.getByRole('img', { name: 'Preview of your story' })).toBeInTheDocument()
    expect(screen.getByLabelText('Text on your story (optional)')).toHaveValue('again')
    expect(screen.getByRole('button', { name: 'Share to story' })).toBeEnabled()
  })
})
