import { describe, expect, it, vi } from 'vitest'
import {
  IMAGE_DIALOG_OPTIONS,
  imageDialogOptions,
  pickImages,
  type ImagePickerDeps
} from '../../../src/main/ipc/images'
import { MAX_IMAGE_BYTES } from '../../../src/shared/limits'

const pickImage = async (d: ImagePickerDeps) => (await pickImages(d))[0] ?? null

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

  it('returns nothing on cancel, without touching the disk', async () => {
    const d = deps({ showOpenDialog: async () => ({ canceled: true, filePaths: [] }) })
    expect(await pickImages(d, { multiple: true })).toEqual([])
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

describe('images:pick for a post: several files in one dialog', () => {
  const several = (...filePaths: string[]) =>
    deps({ showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths })) })

  it('lets the dialog take several files, and reads each in the order chosen', async () => {
    const d = several('/p/b.png', '/p/a.png')
    const images = await pickImages(d, { multiple: true })
    expect(d.showOpenDialog).toHaveBeenCalledWith(imageDialogOptions({ multiple: true }))
    expect(imageDialogOptions({ multiple: true }).properties).toEqual([
      'openFile',
      'multiSelections'
    ])
    expect(images.map((image) => image.name)).toEqual(['b.png', 'a.png'])
  })

  it('takes only the first file when one was asked for', async () => {
    const d = several('/p/a.png', '/p/b.png')
    expect(await pickImages(d, { multiple: false })).toHaveLength(1)
    expect(d.readFile).toHaveBeenCalledTimes(1)
  })

  it('refuses more than ten photos before reading any', async () => {
    const paths = Array.from({ length: 11 }, (_, index) => `/p/${index}.png`)
    const d = several(...paths)
    await expect(pickImages(d, { multiple: true })).rejects.toThrow(
      'A post can hold at most 10 photos'
    )
    expect(d.stat).not.toHaveBeenCalled()
  })

  it('reads clips beside photos, in the order chosen', async () => {
    const d = several('/p/a.png', '/p/clip.mp4', '/p/b.webm')
    const picked = await pickImages(d, { multiple: true })
    expect(picked.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'a.png', type: 'image/png' },
      { name: 'clip.mp4', type: 'video/mp4' },
      { name: 'b.webm', type: 'video/webm' }
    ])
  })

  it('refuses clips that together pass one clip’s 2 GB before reading the one past it', async () => {
    const d = several('/p/one.mp4', '/p/two.mp4')
    d.stat.mockImplementation(async () => ({ size: 1.5 * 1024 ** 3, isFile: () => true }))
    await expect(pickImages(d, { multiple: true })).rejects.toThrow(
      /^two\.mp4: This video file is too large/
    )
    expect(d.readFile).toHaveBeenCalledTimes(1)
  })

  it('names the one bad file that refuses the batch', async () => {
    const text = new TextEncoder().encode('not really a png')
    const d = several('/p/a.png', '/p/notes.png')
    d.readFile.mockImplementation(async (path: string) => (path.endsWith('notes.png') ? text : PNG))
    await expect(pickImages(d, { multiple: true })).rejects.toThrow(
      /^notes\.png: Please select an image file$/
    )
  })
})
