import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { zipSync } from 'fflate'
import { describe, expect, it, vi } from 'vitest'
import type { ExportProgress, ExportSummary } from '@shared/bridge-contract'
import { IMPORT_ARCHIVE_MESSAGES } from '@shared/data/export/zip-download'
import type { ProcessedImage } from '../../imaging/processImage'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { YourInformationSection } from './YourInformationSection'

// jsdom has no image decoder: the pipeline hands the photo back as it is.
const processImage = vi.hoisted(() =>
  vi.fn(async (image: ProcessedImage['image']): Promise<ProcessedImage> => ({ image }))
)
vi.mock('../../imaging/processImage', () => ({ processImage }))

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])

/** A file as a folder pick gives it: named by its path inside the chosen folder. */
function inFolder(path: string, content: Uint8Array | string): File {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  const file = new File([new Uint8Array(bytes)], path.split('/').pop()!)
  Object.defineProperty(file, 'webkitRelativePath', { value: path })
  // jsdom's File has no arrayBuffer(); a browser's and Electron's do.
  Object.defineProperty(file, 'arrayBuffer', { value: async () => new Uint8Array(bytes).buffer })
  return file
}

describe('Your information', () => {
  it('shows the archive being written, then what it holds', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    let report!: (progress: ExportProgress) => void
    let finish!: () => void
    harness.api.data.onExportProgress = (listener) => {
      report = listener
      return () => undefined
    }
    harness.api.data.exportInformation = vi.fn(
      () =>
        new Promise<ExportSummary>((resolve) => {
          finish = () => resolve({ posts: 12, photos: 15, missing: 0, bytes: 3 * 1024 * 1024 })
        })
    )
    renderWith(<YourInformationSection />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download your information' }))
    act(() => report({ done: 4, total: 16 }))
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute(
      'value',
      '4'
    )
    expect(screen.getByText('Writing 4 of 16 files')).toBeInTheDocument()
    act(() => finish())
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved 12 posts and 15 photos (3.0 MB).'
    )
  })

  it('previews a folder download, lists what it skips, and imports with the original dates', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<YourInformationSection />, harness)
    const posts = [
      { media: [{ uri: 'media/posts/a.jpg', creation_timestamp: 1457067967, title: 'Ã©tÃ©' }] },
      { media: [{ uri: 'media/posts/clip.mp4', creation_timestamp: 1457067967, title: 'clip' }] }
    ]
    const files = [
      inFolder('ig/your_instagram_activity/content/posts_1.json', JSON.stringify(posts)),
      inFolder('ig/media/posts/a.jpg', JPEG)
    ]
    const user = userEvent.setup()
    await user.upload(screen.getByLabelText('Instagram download (folder)'), files)
    const grid = await screen.findByRole('list', { name: 'Posts to import' })
    expect(grid.querySelectorAll('img')).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'été' })).toBeInTheDocument()
    expect(screen.getByText('1 file will be skipped')).toBeInTheDocument()
    expect(screen.getByText('media/posts/clip.mp4: videos are not imported')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Import 1 post' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Imported 1 post.'))
    expect(harness.api.posts.create).toHaveBeenCalledWith(
      expect.objectContaining({ caption: 'été', takenAt: '2016-03-04T05:06:07.000Z' })
    )
  })

  it('refuses a zip bomb with a message before anything is read or imported', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<YourInformationSection />, harness)
    const posts = [{ media: [{ uri: 'media/posts/a.jpg', title: 'boom' }] }]
    // 4 MB of zeros after a JPEG header packs into a few kilobytes.
    const photo = new Uint8Array(4 * 1024 * 1024)
    photo.set(JPEG)
    const zip = zipSync({
      'content/posts_1.json': new TextEncoder().encode(JSON.stringify(posts)),
      'media/posts/a.jpg': photo
    })
    const file = new File([zip], 'instagram.zip')
    Object.defineProperty(file, 'arrayBuffer', { value: async () => zip.slice().buffer })
    await userEvent.setup().upload(screen.getByLabelText('Instagram download (zip)'), file)
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_ARCHIVE_MESSAGES.bomb)
    expect(screen.queryByRole('list', { name: 'Posts to import' })).not.toBeInTheDocument()
    expect(harness.api.posts.create).not.toHaveBeenCalled()
  })

  it('says so when the chosen folder is not an Instagram download', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<YourInformationSection />, harness)
    await userEvent
      .setup()
      .upload(screen.getByLabelText('Instagram download (folder)'), [inFolder('x/a.jpg', JPEG)])
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is not an Instagram data download'
    )
  })
})
