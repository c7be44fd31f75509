import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, pngBytes, renderWith, signedIn, type Harness } from '../../testing/fakes'
import { CreatePostModal } from './CreatePostModal'
import { skipAltTextReminder } from './createPostFixture'

// jsdom has no canvas: the photo pipeline is the fixture's (createPostFixture).
vi.mock('../../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../imaging/processImage')>()),
  processImage: (await import('./createPostFixture')).processImage
}))

afterEach(() => vi.restoreAllMocks())
skipAltTextReminder()

function setup(): Harness & { user: ReturnType<typeof userEvent.setup> } {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreate()
  renderWith(<CreatePostModal />, harness)
  return { ...harness, user: userEvent.setup({ applyAccept: false }) }
}

const png = (name: string): File =>
  new File([pngBytes() as Uint8Array<ArrayBuffer>], name, { type: 'image/png' })

function drop(files: File[]): void {
  fireEvent.drop(screen.getByTestId('drop-zone'), {
    dataTransfer: { files, types: ['Files'] }
  })
}

describe('CreatePostModal: carousels', () => {
  it('takes several dropped photos, reorders them, and shares them with their alt texts', async () => {
    const harness = setup()
    drop([png('a.png'), png('b.png'), png('c.png')])
    await screen.findByRole('img', { name: 'Preview of photo 1 of 3' })
    await harness.user.type(screen.getByRole('textbox', { name: 'Alt text, photo 1' }), 'first')
    await harness.user.click(screen.getByRole('button', { name: 'Move photo 1 later' }))
    // The moved photo stays selected, now as photo 2, with its alt text.
    expect(screen.getByRole('textbox', { name: 'Alt text, photo 2' })).toHaveValue('first')
    await harness.user.click(screen.getByRole('button', { name: 'Remove photo 3' }))
    await harness.user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(harness.api.posts.create).toHaveBeenCalled())
    const [input] = harness.api.posts.create.mock.calls[0]
    expect(input.photos.map((photo) => [photo.image.name, photo.altText])).toEqual([
      ['b.png', ''],
      ['a.png', 'first']
    ])
    await waitFor(() => expect(harness.stores.ui.getState().modal).toBeNull())
  })

  it("names a clip slide's alt text as the video it is", async () => {
    const harness = setup()
    drop([
      png('a.png'),
      new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'c.webm', { type: 'video/webm' })
    ])
    await screen.findByRole('textbox', { name: 'Alt text, photo 1' })
    await harness.user.click(screen.getByRole('button', { name: 'Video 2 of 2' }))
    expect(screen.getByRole('textbox', { name: 'Alt text, video 2' })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /photo 2/ })).not.toBeInTheDocument()
  })

  it('refuses eleven photos with a clear message and keeps none of them', async () => {
    setup()
    drop(Array.from({ length: 11 }, (_, i) => png(`${i}.png`)))
    expect(await screen.findByRole('alert')).toHaveTextContent('A post can hold at most 10 photos')
    expect(screen.getByTestId('drop-zone')).toBeInTheDocument()
  })

  it('refuses a drop with one non-image among photos, naming the file', async () => {
    setup()
    drop([png('a.png'), new File(['hello'], 'notes.txt', { type: 'text/plain' }), png('c.png')])
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt: Please drop an image file'
    )
    expect(screen.getByTestId('drop-zone')).toBeInTheDocument()
  })
})
