// The create screen's live preview, painted off the UI thread: the page hands this worker its
// canvas (transferControlToOffscreen) and each photo once; the worker keeps a screen-sized copy
// of each photo and repaints the crop and look on every change. Painting a 12 MP original on
// each slider step would take far longer than a frame; the copy is at most PREVIEW_MAX_SIDE.
// While a slider or a drag moves (paints asked for less than DRAG_GAP_MS apart) the canvas
// holds half the resolution, a quarter of the pixels, and its CSS box scales it up, so each step
// keeps up with the pointer without a GPU; once the changes stop, the same edit is painted again
// at full resolution.

import { cropRect, lookOf, type PhotoEdit } from './edits'
import { readImageDimensions, type ImageDimensions } from '@shared/image'
import { isAnimatedGif, isAnimatedWebp } from './formats'
import { paintWithLook } from './paint'

export type PreviewRequest =
  | { op: 'canvas'; canvas: OffscreenCanvas }
  | { op: 'open'; key: string; bytes: Uint8Array; type: string }
  | {
      op: 'paint'
      key: string
      /** The crop's width ÷ height. */
      ratio: number
      edit: PhotoEdit
      /** The canvas size in device pixels. */
      width: number
      height: number
      /** The bench's: read a pixel back so the time includes rasterising, not only recording. */
      flush?: boolean
    }
  | { op: 'forget'; key: string }

/** A paint during a drag (half resolution, scaled up) or a settled one (full resolution). */
export type PaintQuality = 'draft' | 'full'

export type PreviewEvent =
  | { op: 'opened'; key: string; width: number; height: number; animated: boolean }
  | { op: 'painted'; key: string; ms: number; quality: PaintQuality }
  | { op: 'failed'; key: string; message: string }

const PREVIEW_MAX_SIDE = 1440
/** Paints asked for closer together than this are one drag; this long after, it has settled. */
const DRAG_GAP_MS = 150
/** Screen copies kept: the photos one flips between; each is at most ~8 MB. */
const KEPT_PHOTOS = 4

interface Photo {
  /** The screen-sized copy. */
  bitmap: ImageBitmap
  /** The original's size, which crops are computed in. */
  width: number
  height: number
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null
  postMessage(message: PreviewEvent): void
  requestAnimationFrame?: (callback: () => void) => number
}

const scope = self as unknown as WorkerScope
const photos = new Map<string, Photo>()
let canvas: OffscreenCanvas | null = null
type PaintRequest = Extract<PreviewRequest, { op: 'paint' }>
let queued: PaintRequest | null = null
/** The last paint asked for: painted again once its photo is open. */
let latest: PaintRequest | null = null
let frameScheduled = false
let lastAskedAt = -Infinity
/** The latest paint asked for came within DRAG_GAP_MS of the one before. */
let dragging = false
let settle: ReturnType<typeof setTimeout> | undefined

function keep(key: string, photo: Photo): void {
  photos.delete(key)
  photos.set(key, photo)
  while (photos.size > KEPT_PHOTOS) {
    const [oldest] = photos.keys()
    photos.get(oldest)?.bitmap.close()
    photos.delete(oldest)
  }
}

/**
 * Decodes straight to a screen-sized copy when the header gives the size: asking the decoder
 * for fewer pixels is far faster than decoding 12 MP and scaling them down.
 */
async function screenCopy(blob: Blob, stored: ImageDimensions | null): Promise<ImageBitmap> {
  const options: ImageBitmapOptions = { imageOrientation: 'from-image', resizeQuality: 'high' }
  if (stored && Math.max(stored.width, stored.height) > PREVIEW_MAX_SIDE) {
    // One side given, the other follows the photo's shape (after orientation).
    if (stored.width >= stored.height) options.resizeWidth = PREVIEW_MAX_SIDE
    else options.resizeHeight = PREVIEW_MAX_SIDE
  }
  return createImageBitmap(blob, options)
}

async function open(key: string, bytes: Uint8Array, type: string): Promise<void> {
  const animated =
    (type === 'image/gif' && isAnimatedGif(bytes)) ||
    (type === 'image/webp' && isAnimatedWebp(bytes))
  const known = photos.get(key)
  if (known) {
    keep(key, known)
    scope.postMessage({ op: 'opened', key, width: known.width, height: known.height, animated })
    return
  }
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type })
  const stored = readImageDimensions(bytes)
  const bitmap = await screenCopy(blob, stored)
  // The original's size as shown (EXIF orientation may turn it a quarter): the copy's shape.
  const turned = stored !== null && stored.width > stored.height !== bitmap.width > bitmap.height
  const width = stored ? (turned ? stored.height : stored.width) : bitmap.width
  const height = stored ? (turned ? stored.width : stored.height) : bitmap.height
  keep(key, { bitmap, width, height })
  scope.postMessage({ op: 'opened', key, width, height, animated })
}

function paint(request: PaintRequest, quality: PaintQuality): void {
  const photo = photos.get(request.key)
  const context = canvas?.getContext('2d')
  if (!photo || !canvas || !context) return
  const started = performance.now()
  // A draft is a canvas of half the size, which the page's CSS box scales up as it shows it:
  // no pixel is painted twice.
  const resolution = quality === 'draft' ? 0.5 : 1
  const width = Math.max(1, Math.round(request.width * resolution))
  const height = Math.max(1, Math.round(request.height * resolution))
  if (canvas.width !== width) canvas.width = width
  if (canvas.height !== height) canvas.height = height
  const crop = cropRect(photo.width, photo.height, request.ratio, request.edit.framing)
  // The crop is in the original's pixels; the copy is smaller by this factor.
  const scale = photo.bitmap.width / photo.width
  const scaled = { x: crop.x * scale, y: crop.y * scale, w: crop.w * scale, h: crop.h * scale }
  paintWithLook(context, photo.bitmap, scaled, width, height, lookOf(request.edit))
  if (request.flush) context.getImageData(0, 0, 1, 1)
  scope.postMessage({ op: 'painted', key: request.key, ms: performance.now() - started, quality })
}

/** Slider drags send many paints per frame: only the latest is painted, once per frame. */
function schedulePaint(request: PaintRequest): void {
  const askedAt = performance.now()
  dragging = askedAt - lastAskedAt < DRAG_GAP_MS
  lastAskedAt = askedAt
  queued = request
  latest = request
  clearTimeout(settle)
  if (dragging) settle = setTimeout(() => latest && paint(latest, 'full'), DRAG_GAP_MS)
  if (frameScheduled) return
  frameScheduled = true
  const run = (): void => {
    frameScheduled = false
    const next = queued
    queued = null
    if (next) paint(next, dragging ? 'draft' : 'full')
  }
  if (scope.requestAnimationFrame) scope.requestAnimationFrame(run)
  else setTimeout(run, 0)
}

scope.onmessage = (event) => {
  const request = event.data
  switch (request.op) {
    case 'canvas':
      canvas = request.canvas
      return
    case 'open':
      open(request.key, request.bytes, request.type).then(
        () => {
          // A paint that came before its photo was ready is painted now.
          if (latest?.key === request.key) schedulePaint(latest)
        },
        (error: unknown) =>
          scope.postMessage({
            op: 'failed',
            key: request.key,
            message: error instanceof Error ? error.message : 'could not open the photo'
          })
      )
      return
    case 'paint':
      schedulePaint(request)
      return
    case 'forget':
      photos.get(request.key)?.bitmap.close()
      photos.delete(request.key)
  }
}
