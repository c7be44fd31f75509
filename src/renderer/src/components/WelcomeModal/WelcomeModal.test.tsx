import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProcessedImage } from '../../imaging/processImage'
import { createHarness, PROFILE, pngFile, renderWith, signedIn } from '../../testing/fakes'
import { WELCOME_TEXT, WelcomeModal } from './WelcomeModal'

// jsdom has no canvas: the pipeline hands back a 320 px square standing for the real one.
const processImage = vi.hoisted(() =>
  vi.fn(async (image: ProcessedImage['image']): Promise<ProcessedImage> => ({
    image,
    renditions: {
      thumbnail: { ...image, name: 'square.png' },
      width: 320,
      height: 320,
      placeholder: null
    }
  }))
)
vi.mock('../../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../imaging/processImage')>()),
  processImage
}))

afterEach(() => vi.restoreAllMocks())

function setup() {
  const harness = createHarness({ snapshot: signedIn({ ...PROFILE, avatar_url: null }) })
  harness.services.people.fetchSuggestions.mockResolvedValue([
    {
      id: 'ana-1',
      username: 'ana',
      full_name: 'Ana',
      avatar_url: null,
      followers_count: 3,
      followed_by_count: 1
    }
  ])
  harness.stores.ui.getState().openWelcome()
  renderWith(<WelcomeModal />, harness)
  return { ...harness, user: userEvent.setup() }
}

describe('WelcomeModal', () => {
  it('adds a profile photo, then suggests people to follow, then closes', async () => {
    const { user, services, stores } = setup()
    const dialog = screen.getByRole('dialog', { name: WELCOME_TEXT.photoTitle })
    expect(within(dialog).getByText(WELCOME_TEXT.step(1))).toBeInTheDocument()
    const saved = { ...PROFILE, avatar_url: 'http://127.0.0.1/avatars/user-1/a.png' }
    services.people.uploadAvatar.mockResolvedValue(saved)
    await user.upload(screen.getByLabelText('Choose a profile photo'), pngFile())
    await waitFor(() => expect(services.people.uploadAvatar).toHaveBeenCalledOnce())
    expect(stores.session.getState().snapshot.profile?.avatar_url).toBe(saved.avatar_url)

    const people = await screen.findByRole('dialog', { name: WELCOME_TEXT.peopleTitle })
    const list = await within(people).findByRole('list', { name: 'Suggested people' })
    services.people.follow.mockResolvedValue({ followersCount: 4 })
    await user.click(within(list).getByRole('button', { name: 'Follow ana' }))
    await waitFor(() => expect(services.people.follow).toHaveBeenCalled())
    await user.click(within(people).getByRole('button', { name: WELCOME_TEXT.done }))
    expect(stores.ui.getState().modal).toBeNull()
  })

  it('lets each step be skipped, and the dialog be closed at any time', async () => {
    const { user, services, stores } = setup()
    await user.click(screen.getByRole('button', { name: WELCOME_TEXT.skip }))
    expect(services.people.uploadAvatar).not.toHaveBeenCalled()
    const people = screen.getByRole('dialog', { name: WELCOME_TEXT.peopleTitle })
    await user.click(within(people).getByRole('button', { name: 'Close' }))
    expect(stores.ui.getState().modal).toBeNull()
  })
})
