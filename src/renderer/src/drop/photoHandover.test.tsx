// Drop anywhere: files dragged over the window show the overlay, and dropped they open Create
// with them; photos main hands over (dock icon, Open With) do the same. Through the running App
// and the same fake bridge events main would send.

import { act, fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from '../App'
import type { AuthSnapshot } from '@shared/auth-snapshot'
import { createHarness, deferred, pngBytes, pngFile, renderWith, signedIn } from '../testing/fakes'
import type { ProcessedImage } from '../imaging/processImage'
import { DROP_OVERLAY_TEXT } from '../components/DropOverlay/DropOverlay'
import { dropOutcome, HANDOVER_MESSAGES } from './photoHandover'

// jsdom has no canvas for the image pipeline; nothing here shares a post.
const processImage = vi.hoisted(() =>
  vi.fn(async (image: ProcessedImage['image']): Promise<ProcessedImage> => ({ image }))
)
vi.mock('../imaging/processImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../imaging/processImage')>()),
  processImage
}))

beforeEach(() => window.history.replaceState(null, '', '#/'))

function filesTransfer(files: File[]): { files: File[]; types: string[] } {
  return { files, types: ['Files'] }
}

/** A drop somewhere in the feed, outside any drop zone. */
function dropOnPage(files: File[]): void {
  const target = document.querySelector('main') ?? document.body
  fireEvent.dragEnter(target, { dataTransfer: filesTransfer(files) })
  fireEvent.dragOver(target, { dataTransfer: filesTransfer(files) })
  fireEvent.drop(target, { dataTransfer: filesTransfer(files) })
}

describe('dropOutcome', () => {
  it('opens Create when signed in, asks a visitor to sign in, and leaves an open dialog alone', () => {
    expect(dropOutcome({ signedIn: true, dialogOpen: false })).toBe('create')
    expect(dropOutcome({ signedIn: false, dialogOpen: false })).toBe('sign-in')
    expect(dropOutcome({ signedIn: true, dialogOpen: true })).toBe('leave')
    expect(dropOutcome({ signedIn: false, dialogOpen: true })).toBe('leave')
  })
})

describe('dropping photos anywhere on the window', () => {
  it('shows "Drop photos to share" while files hover, and hides it when they leave', () => {
    renderWith(<App splashMs={0} />, createHarness({ snapshot: signedIn() }))
    const main = document.querySelector('main')!
    fireEvent.dragEnter(main, { dataTransfer: filesTransfer([pngFile()]) })
    expect(screen.getByText(DROP_OVERLAY_TEXT)).toBeInTheDocument()
    fireEvent.dragLeave(main, { dataTransfer: filesTransfer([pngFile()]) })
    expect(screen.queryByText(DROP_OVERLAY_TEXT)).not.toBeInTheDocument()
  })

  it('ignores text or links dragged within the page', () => {
    renderWith(<App splashMs={0} />, createHarness({ snapshot: signedIn() }))
    fireEvent.dragEnter(document.querySelector('main')!, {
      dataTransfer: { files: [], types: ['text/plain'] }
    })
    expect(screen.queryByText(DROP_OVERLAY_TEXT)).not.toBeInTheDocument()
  })

  it('opens Create with a dropped photo, previewed and ready to share', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    dropOnPage([pngFile()])
    expect(await screen.findByRole('dialog', { name: 'Create new post' })).toBeInTheDocument()
    expect(
      await screen.findByRole('img', { name: 'Preview of the selected image' })
    ).toBeInTheDocument()
    expect(screen.queryByText(DROP_OVERLAY_TEXT)).not.toBeInTheDocument()
  })

  it('gives a dropped non-image the dialog’s usual message', async () => {
    renderWith(<App splashMs={0} />, createHarness({ snapshot: signedIn() }))
    dropOnPage([new File(['hello'], 'notes.txt', { type: 'text/plain' })])
    expect(await screen.findByRole('alert')).toHaveTextContent('Please drop an image file')
  })

  it('asks a visitor to sign in instead of opening Create', () => {
    const harness = createHarness()
    renderWith(<App splashMs={0} />, harness)
    dropOnPage([pngFile()])
    expect(harness.stores.ui.getState().modal).toBe('auth')
    expect(harness.stores.toast.getState().message).toBe(HANDOVER_MESSAGES.signIn)
  })

  it('leaves a drop alone while another dialog is open, showing no overlay', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.stores.ui.getState().openShortcuts())
    fireEvent.dragEnter(document.querySelector('main')!, {
      dataTransfer: filesTransfer([pngFile()])
    })
    expect(screen.queryByText(DROP_OVERLAY_TEXT)).not.toBeInTheDocument()
    dropOnPage([pngFile()])
    expect(harness.stores.ui.getState().modal).toBe('shortcuts')
  })
})

describe('photos opened with the app (macOS dock icon, Open With)', () => {
  const image = { name: 'beach.png', type: 'image/png', bytes: pngBytes() }

  it('open Create with them', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitOpenFiles({ ok: true, images: [image] }))
    expect(
      await screen.findByRole('img', { name: 'Preview of the selected image' })
    ).toBeInTheDocument()
  })

  it('show main’s reason when they could not be read', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitOpenFiles({ ok: false, message: 'Image must be less than 10MB' }))
    expect(screen.getByText('Image must be less than 10MB')).toBeInTheDocument()
    expect(harness.stores.ui.getState().modal).toBeNull()
  })

  it('wait for the session when they started the app, then open Create', async () => {
    const harness = createHarness()
    const session = deferred<AuthSnapshot>()
    harness.api.auth.getSession.mockReturnValue(session.promise)
    harness.stores.session.setState({ status: 'loading' })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.api.emitOpenFiles({ ok: true, images: [image] }))
    expect(harness.stores.ui.getState().modal).toBeNull()
    await act(async () => session.resolve(signedIn()))
    expect(await screen.findByRole('dialog', { name: 'Create new post' })).toBeInTheDocument()
  })

  it('say why nothing opens while another dialog is open', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<App splashMs={0} />, harness)
    act(() => harness.stores.ui.getState().openShortcuts())
    act(() => harness.api.emitOpenFiles({ ok: true, images: [image] }))
    expect(harness.stores.ui.getState().modal).toBe('shortcuts')
    expect(harness.stores.toast.getState().message).toBe(HANDOVER_MESSAGES.busy)
  })
})
