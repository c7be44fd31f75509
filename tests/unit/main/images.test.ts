import { describe, expect, it, vi } from 'vitest'
import { IMAGE_DIALOG_OPTIONS, pickImage, type ImagePickerDeps } from '../../../src/main/ipc/images'
import { MAX_IMAGE_BYTES } from '../../../src/shared/limits'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

function deps(overrides: Partial<ImagePickerDeps> = {}): ImagePickerDeps & {
  readFile: ReturnType<typeof vi.fn>
  stat: ReturnType<typeof vi.fn>
} {
  return {
    showOpenDialog: vi.fn(async () => ({
      canceled: false,
      filePaths: ['/home/ada/Pictures/cat.png']
    })),
    stat: vi.fn(async () => ({ size: PNG.byteLength, isFile: () => true })),
    readFile: vi.fn(async () => PNG),
    ...overrides
  } as never
}

describe('images:pick', () => {
  it('asks the dialog for one photo or video file of the accepted types', async () => {
    const d = deps()
    await pickImage(d)
    expect(d.showOpenDialog).toHaveBeenCalledWith(IMAGE_DIALOG_OPTIONS)
    expect(IMAGE_DIALOG_OPTIONS.properties).toEqual(['openFile'])
    expect(IMAGE_DIALOG_OPTIONS.filters.map((filter) => filter.extensions)).toEqual([
      ['jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'mov', 'webm'],
      ['jpg', 'jpeg', 'png', 'gif', 'webp'],
      ['mp4', 'mov', 'webm']
    ])
  })

  it('returns null on cancel, without touching the disk', async () => {
    const d = deps({ showOpenDialog: async () => ({ canceled: true, filePaths: [] }) })
    expect(await pickImage(d)).toBeNull()
    expect(d.stat).not.toHaveBeenCalled()
    expect(d.readFile).not.toHaveBeenCalled()
  })

  it('refuses a file of 10 MB or more from its size, without reading it', async () => {
    const d = deps({ stat: vi.fn(async () => ({ size: MAX_IMAGE_BYTES, isFile: () => true })) })
    await expect(pickImage(d)).rejects.toThrow(/^Image must be less than 10MB$/)
    expect(d.readFile).not.toHaveBeenCalled()
  })

  it('refuses a file that is not an image by its bytes, whatever its name', async () => {
    const text = new TextEncoder().encode('not really a png')
    const d = deps({
      stat: vi.fn(async () => ({ size: text.byteLength, isFile: () => true })),
      readFile: vi.fn(async () => text)
    })
    await expect(pickImage(d)).rejects.toThrow(/^Please select an image file$/)
  })

  it('refuses a directory', async () => {
    const d = deps({ stat: vi.fn(async () => ({ size: 0, isFile: () => false })) })
    await expect(pickImage(d)).rejects.toThrow('Please select an image file')
    expect(d.readFile).not.toHaveBeenCalled()
  })

  it('reads only the picked path and returns name, sniffed type and bytes', async () => {
    const d = deps()
    const image = await pickImage(d)
    expect(d.readFile).toHaveBeenCalledTimes(1)
    expect(d.readFile).toHaveBeenCalledWith('/home/ada/Pictures/cat.png')
    expect(image).toEqual({ name: 'cat.png', type: 'image/png', bytes: PNG })
    expect(image?.bytes).toBeInstanceOf(Uint8Array)
  })
})
