// Cancel while a photo post uploads, in the modal: the upload's progress shows with its time
// left, Cancel asks the platform to stop that post's upload, and the modal goes back to the
// editor with the photo, caption and alt text as they were; Share works again.

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { MESSAGES } from '@shared/messages'
import {
  createHarness,
  deferred,
  makePost,
  pngFile,
  renderWith,
  signedIn
} from '../../testing/fakes'
import { CreatePostModal } from './CreatePostModal'
import { skipAltTextReminder } from './createPostFixture'

// jsdom has no canvas: the photo pipeline is the fixture's (createPostFixture).
vi.mock('../../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../imaging/processImage')>()),
  processImage: (await import('./createPostFixture')).processImage
}))

skipAltTextReminder()

it('Cancel during the upload stops it and returns to the editor with nothing lost', async () => {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreate()
  harness.stores.feed.setState({ status: 'ready', ids: [] })
  renderWith(<CreatePostModal />, harness)
  const user = userEvent.setup()
  await user.upload(screen.getByLabelText('Choose an image file'), pngFile())
  await user.type(await screen.findByLabelText('Caption'), 'Harbour at dusk')
  await user.type(screen.getByLabelText('Alt text'), 'Boats')
  const upload = deferred<never>()
  harness.api.posts.create.mockReturnValueOnce(upload.promise)

  await user.click(screen.getByRole('button', { name: 'Share' }))
  await waitFor(() => expect(harness.api.posts.create).toHaveBeenCalled())
  harness.api.emitUploadProgress({ sentBytes: 50, totalBytes: 100 })
  expect(await screen.findByText('Uploading 50%')).toBeInTheDocument()
  expect(screen.getByRole('progressbar', { name: 'Uploading the post' })).toHaveAttribute(
    'value',
    '0.5'
  )

  await user.click(screen.getByRole('button', { name: 'Cancel' }))
  const { id } = harness.api.posts.create.mock.calls[0][0]
  expect(harness.api.posts.cancel).toHaveBeenCalledWith(id)
  upload.reject(new Error(MESSAGES.uploadCanceled))

  const share = await screen.findByRole('button', { name: 'Share' })
  expect(share).toBeEnabled()
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  expect(screen.getByLabelText('Caption')).toHaveValue('Harbour at dusk')
  expect(screen.getByLabelText('Alt text')).toHaveValue('Boats')
  expect(harness.stores.ui.getState().modal).not.toBeNull()

  harness.api.posts.create.mockResolvedValueOnce(makePost({ caption: 'Harbour at dusk' }))
  await user.click(share)
  await waitFor(() => expect(harness.stores.ui.getState().modal).toBeNull())
})
