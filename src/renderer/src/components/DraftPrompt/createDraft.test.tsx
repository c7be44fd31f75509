// The create-post modal's draft keeps the location and the photos' edits with the photos and
// caption: saved as typed, offered back after a restart, deleted with the rest once shared.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CreatePostModal } from '../CreatePostModal/CreatePostModal'
import { preferencesStore } from '../../preferences/usePreferences'
import {
  createHarness,
  makePost,
  pngBytes,
  pngFile,
  renderWith,
  signedIn,
  type Harness
} from '../../testing/fakes'
import { deleteDatabase } from '../../offline/idb'
import { OUTBOX_DB_NAME } from '../../offline/outbox/outboxDb'
import { NO_ADJUSTMENTS } from '../../imaging/edits'
import type { CreatePostDraft } from './useCreateDraft'
import { processImage } from '../CreatePostModal/createPostFixture'

// jsdom has no canvas: the photo pipeline is the fixture's (createPostFixture).
vi.mock('../../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../imaging/processImage')>()),
  processImage: (await import('../CreatePostModal/createPostFixture')).processImage
}))

const savedDraft = async (harness: Harness): Promise<CreatePostDraft | undefined> =>
  (await harness.stores.outbox.getState().db()).getDraft<CreatePostDraft>('user-1', 'create-post')

function openModal(): Harness {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().openCreate()
  renderWith(<CreatePostModal />, harness)
  return harness
}

describe('create-post drafts', () => {
  // The alt-text reminder (which a first Share may show) has its own tests.
  beforeEach(() => preferencesStore.getState().set('altTextReminder', false))
  afterEach(async () => {
    preferencesStore.getState().set('altTextReminder', true)
    await deleteDatabase(OUTBOX_DB_NAME)
  })

  it('saves the location with the photos as it is typed', async () => {
    const before = openModal()
    const user = userEvent.setup()
    await user.upload(screen.getByLabelText('Choose an image file'), pngFile())
    await user.type(await screen.findByRole('combobox', { name: 'Location' }), 'Lisbon')
    await waitFor(async () => expect((await savedDraft(before))?.location).toBe('Lisbon'))
    expect((await savedDraft(before))?.photos).toHaveLength(1)
  })

  it('offers a draft back with its location', async () => {
    const seeded = createHarness({ snapshot: signedIn() })
    const db = await seeded.stores.outbox.getState().db()
    const image = { name: 'a.png', type: 'image/png', bytes: pngBytes() }
    await db.putDraft('user-1', 'create-post', {
      photos: [{ image, altText: '' }],
      caption: 'Sunset',
      location: 'Porto'
    })
    openModal()
    const prompt = await screen.findByRole('group', { name: 'Restore draft?' })
    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Restore' }))
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveValue('Porto')
    expect(screen.getByRole('textbox', { name: /caption/i })).toHaveValue('Sunset')
  })

  it("restores the photos' crop, filter and adjustments with the draft", async () => {
    const seeded = createHarness({ snapshot: signedIn() })
    const db = await seeded.stores.outbox.getState().db()
    const image = { name: 'a.png', type: 'image/png', bytes: pngBytes() }
    const edit = {
      framing: { zoom: 2, offsetX: 0.5, offsetY: 0 },
      filter: 'moon' as const,
      adjustments: { ...NO_ADJUSTMENTS, brightness: 40 }
    }
    await db.putDraft('user-1', 'create-post', {
      photos: [{ image, altText: '', edit }],
      aspect: '1:1',
      caption: 'Sunset'
    } satisfies CreatePostDraft)
    const harness = openModal()
    harness.api.posts.create.mockResolvedValue(makePost())
    const user = userEvent.setup()
    const prompt = await screen.findByRole('group', { name: 'Restore draft?' })
    await user.click(within(prompt).getByRole('button', { name: 'Restore' }))
    await user.click(await screen.findByRole('button', { name: 'Share' }))
    await waitFor(() =>
      expect(processImage).toHaveBeenCalledWith(expect.anything(), undefined, { ...edit, ratio: 1 })
    )
  })

  it('sends the location and deletes the draft, location and all, once the post is shared', async () => {
    const harness = openModal()
    harness.api.posts.create.mockResolvedValue(makePost())
    const user = userEvent.setup()
    await user.upload(screen.getByLabelText('Choose an image file'), pngFile())
    await user.type(await screen.findByRole('combobox', { name: 'Location' }), 'Faro')
    await waitFor(async () => expect((await savedDraft(harness))?.location).toBe('Faro'))
    await user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() =>
      expect(harness.api.posts.create).toHaveBeenCalledWith(
        expect.objectContaining({ location: 'Faro' })
      )
    )
    await waitFor(async () => expect(await savedDraft(harness)).toBeUndefined())
  })
})
