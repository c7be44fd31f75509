// Renders a transformed image with sharp (libvips), the way hosted Storage's imgproxy does:
// the source's format told by its bytes (not the type it was uploaded as), EXIF orientation
// applied, metadata stripped, never enlarged, resize modes cover (crop to fill), contain (fit
// inside) and fill (stretch), quality 80 unless asked, and WebP when no format is asked for and
// the client's Accept header takes it (`format=origin` keeps the source's format).

import sharp from 'sharp'
import { sniffImageType } from '../../shared/image'
import { StorageError } from './errors'
import { DEFAULT_QUALITY, type TransformOptions } from './transform-options'

export type OutputType = 'image/webp' | 'image/avif' | 'image/jpeg' | 'image/png' | 'image/gif'

export interface Rendition {
  bytes: Buffer
  contentType: OutputType
}

/** Hosted's source limit (imgproxy's max_src_resolution): 50 megapixels. */
export const MAX_SOURCE_PIXELS = 50_000_000

/** The bytes a source's format is told by: magic bytes, or AVIF's `ftyp` box and brand. */
export const SOURCE_HEAD_BYTES = 12

/** The source's format, by its first SOURCE_HEAD_BYTES bytes, as imgproxy detects it. */
export function sourceTypeOf(head: Uint8Array): OutputType | null {
  const sniffed = sniffImageType(head)
  if (sniffed) return sniffed
  const box = Buffer.from(head.subarray(4, 12)).toString('latin1')
  return box === 'ftypavif' || box === 'ftypavis' ? 'image/avif' : null
}

/** imgproxy's refusals, which Storage passes on with their status (422) in `statusCode`. */
const processingError = (message: string): StorageError =>
  new StorageError('422', 'InvalidRequest', 'InvalidRequest', message)

/** The rendition's type, decided before any work so the cache can be asked first. */
export function outputTypeFor(
  source: OutputType | null,
  options: TransformOptions,
  accept: string | undefined
): OutputType {
  if (!source) throw processingError('Source image type not supported')
  if (options.format === 'webp' || options.format === 'avif') return `image/${options.format}`
  if (options.format === 'origin') return source
  return acceptsWebp(accept) ? 'image/webp' : source
}

/** Whether Accept names image/webp with a non-zero q (wildcards do not count, as for imgproxy). */
function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';')
    if (type.trim() !== 'image/webp') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return !q || Number(q.slice(2)) > 0
  })
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const

export async function transformImage(
  source: Buffer,
  options: TransformOptions,
  contentType: OutputType
): Promise<Rendition> {
  const quality = options.quality ?? DEFAULT_QUALITY
  try {
    let image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' }).rotate()
    if (options.width || options.height) {
      image = image.resize({
        width: options.width,
        height: options.height,
        fit: FIT[options.resize ?? 'cover'],
        withoutEnlargement: true
      })
    }
    switch (contentType) {
      case 'image/webp':
        image = image.webp({ quality })
        break
      case 'image/avif':
        image = image.avif({ quality })
        break
      case 'image/jpeg':
        image = image.jpeg({ quality })
        break
      case 'image/png':
        image = image.png()
        break
      case 'image/gif':
        image = image.gif()
        break
    }
    return { bytes: await image.toBuffer(), contentType }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/pixel limit/i.test(message)) throw processingError('Source image resolution is too big')
    throw processingError('Source image is corrupt or of an unsupported format')
  }
}
