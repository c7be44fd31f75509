// The extraction test (pseudoLocale.test.tsx) on Create: the photo step of a carousel with its
// strip, tagging, a clip's slide, the editor's panels, the alt-text reminder, the video step with
// its trim, and the share's progress with Cancel. Filter names are names (Clarendon, Juno…) and stay as they are.

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AltTextReminder } from '../components/CreatePostModal/AltTextReminder'
import { CreatePostModal } from '../components/CreatePostModal/CreatePostModal'
import { EditPanel } from '../components/CreatePostModal/PhotoEditor/EditPanel'
import { VideoPreview } from '../components/CreatePostModal/VideoPreview'
import { FILTERS, NO_EDIT } from '../imaging/edits'
import type { ProcessedImage } from '../imaging/processImage'
import { preferencesStore } from '../preferences/usePreferences'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import { createHarness, deferred, pngBytes, pngFile, renderWith, signedIn } from '../testing/fakes'
import { i18n } from './index'

// jsdom has no canvas: the photo pipeline is stood in for and shares the picked file.
const processImage = vi.hoisted(() =>
  vi.fn(async (image: ProcessedImage['image']): Promise<ProcessedImage> => ({ image }))
)
vi.mock('../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../imaging/processImage')>()),
  processImage
}))

inPseudoLocale()

/**
 * English left but for the shared parts Create shows whose strings are not its own: Advanced
 * settings (ContentControls) and the Spinner's label.
 */
function englishLeftInCreate(): string[] {
  const advanced = document.querySelector('details')
  const theirs = new Set(advanced ? englishLeft(advanced as HTMLElement) : [])
  theirs.add('Loading (in "Loading")')
  return englishLeft().filter((word) => !theirs.has(word))
}

const photo = {
  key: 'p1',
  image: { name: 'a.png', type: 'image/png', bytes: pngBytes() },
  url: 'blob:a',
  altText: '',
  edit: { ...NO_EDIT, adjustments: { ...NO_EDIT.adjustments, warmth: 20 } }
}

describe('the pseudo-locale shows no English in Create', () => {
  it('a carousel’s photo step, tagging and the upload’s progress with Cancel', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.ui.getState().openCreate()
    renderWith(<CreatePostModal />, harness)
    const user = userEvent.setup()
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    await user.upload(input, [pngFile(), pngFile()])
    // Two photos and the strip's Add button.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: i18n.t('create.tags.start') }))
    expect(englishLeftInCreate()).toEqual([])

    // The alt-text reminder has its own case below; here Share goes straight to the upload.
    preferencesStore.getState().set('altTextReminder', false)
    const upload = deferred<never>()
    harness.api.posts.create.mockReturnValueOnce(upload.promise)
    await user.click(screen.getByRole('button', { name: i18n.t('create.share') }))
    await waitFor(() => expect(harness.api.posts.create).toHaveBeenCalled())
    act(() => harness.api.emitUploadProgress({ sentBytes: 1, totalBytes: 4 }))
    await screen.findByRole('progressbar')
    expect(englishLeftInCreate()).toEqual([])
    upload.reject(new Error('stopped'))
    preferencesStore.getState().set('altTextReminder', true)
  })

  it('a clip’s slide in a carousel, its alt text named as a video', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.ui.getState().openCreate()
    renderWith(<CreatePostModal />, harness)
    const user = userEvent.setup({ applyAccept: false })
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    const clip = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'c.webm', {
      type: 'video/webm'
    })
    await user.upload(input, [pngFile(), clip])
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
    await user.click(
      screen.getAllByRole('button', {
        name: i18n.t('create.video.item', { position: 2, total: 2 })
      })[0]
    )
    expect(
      screen.getByRole('textbox', { name: i18n.t('create.altTextVideoNumbered', { position: 2 }) })
    ).toBeInTheDocument()
    expect(englishLeftInCreate()).toEqual([])
  })

  it('the editor’s adjustments, and its filters but for their names', async () => {
    render(<EditPanel photo={photo} onEdit={vi.fn()} disabled={false} />)
    const names = new Set(FILTERS.map((filter) => filter.label))
    const left = englishLeft().map((word) => word.split(' (in "')[1].slice(0, -2))
    expect(left.filter((text) => !names.has(text))).toEqual([])
    await userEvent.setup().click(screen.getAllByRole('tab')[1])
    expect(englishLeft()).toEqual([])
  })

  it('the alt-text reminder, for one photo and for some of three', () => {
    const handlers = { onAdd: vi.fn(), onNotNow: vi.fn(), onStopReminding: vi.fn() }
    render(<AltTextReminder missing={[1]} total={1} {...handlers} />)
    render(<AltTextReminder missing={[1, 3]} total={3} {...handlers} />)
    expect(englishLeft()).toEqual([])
  })

  it('the video step: its preview, trim and sound', () => {
    const { container } = render(
      <VideoPreview
        url="blob:clip"
        edits={{ trimStartMs: 0, trimEndMs: 4_000, muted: false }}
        onEdits={vi.fn()}
        onUnreadable={vi.fn()}
        disabled={false}
      />
    )
    const video = container.querySelector('video')!
    Object.defineProperty(video, 'duration', { value: 4 })
    fireEvent.loadedMetadata(video)
    expect(screen.getByRole('checkbox')).toBeInTheDocument()
    expect(englishLeft()).toEqual([])
  })
})
