import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Post } from '@shared/domain'
import {
  createHarness,
  deferred,
  makePost,
  pngBytes,
  pngFile,
  renderWith,
  signedIn,
  type Harness,
  showInFeed,
  feedPosts
} from '../../testing/fakes'
import type { ProcessedImage } from '../../imaging/processImage'
import { CreatePostModal } from './CreatePostModal'
import { processImage, skipAltTextReminder } from './createPostFixture'

// jsdom has no canvas: the photo pipeline is the fixture's (createPostFixture).
vi.mock('../../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../imaging/processImage')>()),
  processImage: (await import('./createPostFixture')).processImage
}))

afterEach(() => vi.restoreAllMocks())
skipAltTextReminder()

function setup(
  options: { hasNativeDialog?: boolean } = {}
): Harness & { user: ReturnType<typeof userEvent.setup> } {
  const harness = createHarness({ snapshot: signedIn(), ...options })
  harness.stores.ui.getState().openCreate()
  renderWith(<CreatePostModal />, harness)
  // applyAccept off: the point is to see what the app says about a non-image.
  return { ...harness, user: userEvent.setup({ applyAccept: false }) }
}

function drop(file: File): void {
  fireEvent.drop(screen.getByTestId('drop-zone'), {
    dataTransfer: { files: [file], types: ['Files'] }
  })
}

function bigFile(type = 'image/png'): File {
  const file = new File([pngBytes() as Uint8Array<ArrayBuffer>], 'huge.png', { type })
  Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 })
  return file
}

async function selectImage(harness: ReturnType<typeof setup>): Promise<void> {
  await harness.user.upload(screen.getByLabelText('Choose an image file'), pngFile())
  await screen.findByRole('img', { name: 'Preview of the selected image' })
}

describe('CreatePostModal: choosing an image', () => {
  it('starts with a drop zone and no Share button', () => {
    setup()
    expect(screen.getByRole('dialog', { name: 'Create new post' })).toBeInTheDocument()
    expect(screen.getByText('Drag photos here')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
  })

  it("says 'Please drop an image file' for a dropped non-image", async () => {
    setup()
    drop(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please drop an image file')
  })

  it("says 'Please select an image file' for a selected non-image", async () => {
    const harness = setup()
    await harness.user.upload(
      screen.getByLabelText('Choose an image file'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' })
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image file')
  })

  it('refuses a file that claims to be an image but is not one', async () => {
    setup()
    drop(new File(['not really'], 'fake.png', { type: 'image/png' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please drop an image file')
  })

  it("says 'Image must be less than 10MB' for a 10 MB drop", async () => {
    setup()
    drop(bigFile())
    expect(await screen.findByRole('alert')).toHaveTextContent('Image must be less than 10MB')
  })

  it("says 'Image must be less than 10MB' for a 10 MB selection", async () => {
    const harness = setup()
    await harness.user.upload(screen.getByLabelText('Choose an image file'), bigFile())
    expect(await screen.findByRole('alert')).toHaveTextContent('Image must be less than 10MB')
  })

  it('shows a preview, caption field and an enabled Share after a dropped image', async () => {
    setup()
    drop(pngFile())
    expect(
      await screen.findByRole('img', { name: 'Preview of the selected image' })
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Caption' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled()
  })

  it('moves keyboard focus to the caption once photos are in, as the pick button is gone', async () => {
    setup()
    drop(pngFile())
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Caption' })).toHaveFocus())
  })

  it('uses the native dialog in the desktop app and checks what it returns', async () => {
    const harness = setup({ hasNativeDialog: true })
    harness.api.images.pick.mockResolvedValueOnce([
      { name: 'a.txt', type: '', bytes: new Uint8Array([1, 2]) }
    ])
    await harness.user.click(screen.getByRole('button', { name: 'Select from computer' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image file')

    harness.api.images.pick.mockResolvedValueOnce([
      { name: 'a.png', type: 'image/png', bytes: pngBytes() },
      { name: 'b.png', type: 'image/png', bytes: pngBytes() }
    ])
    await harness.user.click(screen.getByRole('button', { name: 'Select from computer' }))
    // One dialog, several photos: a carousel of two, in the order chosen.
    expect(await screen.findByRole('img', { name: 'Preview of photo 1 of 2' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /^Photo \d of 2$/ })).toHaveLength(2)
    expect(harness.api.images.pick).toHaveBeenCalledTimes(2)
    expect(harness.api.images.pick).toHaveBeenLastCalledWith({ multiple: true })
  })

  it('goes back to the drop zone to pick another image', async () => {
    const harness = setup()
    await selectImage(harness)
    await harness.user.click(screen.getByRole('button', { name: 'Choose another image' }))
    expect(screen.getByText('Drag photos here')).toBeInTheDocument()
  })
})

describe('CreatePostModal: caption', () => {
  it('counts characters as n/500', async () => {
    const harness = setup()
    await selectImage(harness)
    expect(screen.getByTestId('caption-counter')).toHaveTextContent('0/500')
    await harness.user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Sunset')
    expect(screen.getByTestId('caption-counter')).toHaveTextContent('6/500')
  })

  it('stops at 500 characters', async () => {
    const harness = setup()
    await selectImage(harness)
    const caption = screen.getByRole('textbox', { name: 'Caption' })
    expect(caption).toHaveAttribute('maxLength', '500')
    fireEvent.change(caption, { target: { value: 'x'.repeat(520) } })
    expect(caption).toHaveValue('x'.repeat(500))
    expect(screen.getByTestId('caption-counter')).toHaveTextContent('500/500')
  })
})

describe('CreatePostModal: sharing', () => {
  it("shows a spinner and 'Uploading...' and disables Share while the create call is pending", async () => {
    const harness = setup()
    const pending = deferred<Post>()
    harness.api.posts.create.mockReturnValue(pending.promise)
    await selectImage(harness)
    await harness.user.type(screen.getByRole('textbox', { name: 'Caption' }), '  Hello  ')
    await harness.user.click(screen.getByRole('button', { name: 'Share' }))

    const button = screen.getByRole('button', { name: /Uploading\.\.\./ })
    expect(button).toBeDisabled()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled()
    expect(harness.api.posts.create).toHaveBeenCalledWith({
      photos: [
        {
          image: expect.objectContaining({ type: 'image/png', name: 'photo.png' }),
          altText: ''
        }
      ],
      caption: '  Hello  ',
      location: '',
      id: expect.any(String)
    })
    await act(async () => pending.resolve(makePost()))
  })

  it('on success resets, closes and shows the new post at the top of the feed', async () => {
    const harness = setup()
    showInFeed(harness.stores, [makePost()])
    const created = makePost({ caption: 'Fresh' })
    harness.api.posts.create.mockResolvedValue(created)
    await selectImage(harness)
    await harness.user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(harness.stores.ui.getState().modal).toBeNull())
    expect(feedPosts(harness.stores)[0]).toBe(created)
  })

  it.each([
    ['Upload failed: bucket is full', 'Upload failed: bucket is full'],
    ['Failed to save post: permission denied', 'Failed to save post: permission denied'],
    ['', 'Failed to create post']
  ])('shows %j as %j and keeps the image and caption for a retry', async (thrown, shown) => {
    const harness = setup()
    harness.api.posts.create.mockRejectedValue(new Error(thrown))
    await selectImage(harness)
    await harness.user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Keep me')
    await harness.user.click(screen.getByRole('button', { name: 'Share' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(shown)
    expect(screen.getByRole('textbox', { name: 'Caption' })).toHaveValue('Keep me')
    expect(screen.getByRole('img', { name: 'Preview of the selected image' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled()
    expect(harness.stores.ui.getState().modal).toBe('create')
    expect(harness.stores.feed.getState().ids).toEqual([])
  })
})

describe('CreatePostModal: image pipeline and progress', () => {
  it('shows processing, then uploading, then saving as the platform reports it', async () => {
    const harness = setup()
    const processing = deferred<ProcessedImage>()
    processImage.mockReturnValueOnce(processing.promise)
    const pending = deferred<Post>()
    harness.api.posts.create.mockReturnValue(pending.promise)
    await selectImage(harness)
    await harness.user.click(screen.getByRole('button', { name: 'Share' }))
    expect(screen.getByRole('button', { name: /Processing\.\.\./ })).toBeDisabled()

    const picked = { name: 'photo.png', type: 'image/png', bytes: pngBytes() }
    await act(async () => processing.resolve({ image: picked }))
    expect(screen.getByRole('button', { name: /Uploading\.\.\./ })).toBeDisabled()
    act(() => harness.api.emitProgress('saving'))
    expect(screen.getByRole('button', { name: /Saving\.\.\./ })).toBeDisabled()
    await act(async () => pending.resolve(makePost()))
    await waitFor(() => expect(harness.stores.ui.getState().modal).toBeNull())
  })

  it('uploads the renditions the pipeline made instead of the picked file', async () => {
    const harness = setup()
    const webp = { name: 'photo.webp', type: 'image/webp', bytes: new Uint8Array([1, 2]) }
    const renditions = {
      thumbnail: { name: 'photo-thumb.webp', type: 'image/webp', bytes: new Uint8Array([3]) },
      width: 1080,
      height: 810,
      placeholder: 'AAAA'
    }
    processImage.mockResolvedValueOnce({ image: webp, renditions })
    await selectImage(harness)
    await harness.user.type(screen.getByRole('textbox', { name: 'Caption' }), 'Hi')
    await harness.user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(harness.api.posts.create).toHaveBeenCalled())
    // The feed's frame and, for a photo nobody edited, no edits.
    expect(processImage).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'image/png' }),
      undefined,
      undefined
    )
    expect(harness.api.posts.create).toHaveBeenCalledWith({
      photos: [{ image: webp, renditions, altText: '' }],
      caption: 'Hi',
      location: '',
      id: expect.any(String)
    })
  })

  it('sends the optional location typed under the alt text, with its map pin', async () => {
    const harness = setup()
    harness.api.posts.create.mockResolvedValue(makePost())
    await selectImage(harness)
    const location = screen.getByRole('combobox', { name: 'Location' })
    expect(location).toHaveAttribute('placeholder', 'Add location')
    expect(location.parentElement?.querySelector('svg.lucide-map-pin')).not.toBeNull()
    await harness.user.type(location, ' Lisbon ')
    await harness.user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(harness.api.posts.create).toHaveBeenCalled())
    expect(harness.api.posts.create).toHaveBeenCalledWith(
      expect.objectContaining({ location: ' Lisbon ' })
    )
  })

  it('offers a story instead, which switches to the story dialog', async () => {
    const harness = setup()
    await harness.user.click(screen.getByRole('button', { name: 'Add to your story instead' }))
    expect(harness.stores.ui.getState().modal).toBe('story')
  })
})
