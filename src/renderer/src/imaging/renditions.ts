// The upload pipeline itself: decode (honouring EXIF orientation), downscale, re-encode. Runs in
// a Web Worker (see imageWorker.ts) so a 12 MP decode never blocks the UI; it only needs
// createImageBitmap and OffscreenCanvas, so tests and the bench run the same code in Chromium.
// Re-encoding from pixels also drops every metadata block of the original (EXIF GPS, camera
// serials, XMP), since only pixels reach the encoder.

import { rgbaToThumbHash } from 'thumbhash'
import type { ImageMimeType } from '@shared/image'
import {
  FEED_IMAGE_MAX_WIDTH,
  STORY_IMAGE_MAX_HEIGHT,
  STORY_IMAGE_MAX_WIDTH,
  THUMBNAIL_SIZE
} from '@shared/limits'
import { cropRect, isPlainLook, lookOf, type Look, type PhotoEdit, type Rect } from './edits'
import { centreSquare, fitBox, isAnimatedGif, isAnimatedWebp, QUALITY_STEPS } from './formats'
import { paintWithLook } from './paint'
import { bytesToBase64 } from './placeholder'

export interface EncodedImage {
  bytes: Uint8Array
  type: ImageMimeType
}

export interface Renditions {
  /** The feed image: re-encoded ≤ 1080 px wide, or the original bytes when animated. */
  image: EncodedImage
  thumbnail: EncodedImage
  width: number
  height: number
  placeholder: string | null
  animated: boolean
}

/** Byte budgets: 12 feed images stay under ~2.5 MB, a grid tile under 40 KB. */
export const FEED_IMAGE_BYTE_BUDGET = 200 * 1024
export const THUMBNAIL_BYTE_BUDGET = 36 * 1024
const PLACEHOLDER_MAX_SIDE = 100

type Source = ImageBitmap | OffscreenCanvas

function draw(
  source: Source,
  crop: Rect,
  width: number,
  height: number,
  look: Look | null = null
): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('2D canvas unavailable')
  if (look && !isPlainLook(look)) {
    paintWithLook(context, source, crop, width, height, look)
    return canvas
  }
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, crop.x, crop.y, crop.w, crop.h, 0, 0, width, height)
  return canvas
}

/**
 * Downscales in halving steps: one big jump from 4000 px to 1080 px skips source pixels and
 * leaves aliasing (sparkle) that costs bytes and looks worse.
 */
function downscale(
  bitmap: ImageBitmap,
  crop: Rect,
  width: number,
  height: number,
  look: Look | null
): OffscreenCanvas {
  let source: Source = bitmap
  let region = crop
  while (region.w / 2 >= width) {
    const next = draw(source, region, Math.round(region.w / 2), Math.round(region.h / 2))
    source = next
    region = { x: 0, y: 0, w: next.width, h: next.height }
  }
  // The look is painted once, on the last step: the pixels that are encoded.
  return draw(source, region, width, height, look)
}

async function encode(canvas: OffscreenCanvas, budget: number): Promise<EncodedImage> {
  let best: Blob | null = null
  for (const quality of QUALITY_STEPS) {
    let blob = await canvas.convertToBlob({ type: 'image/webp', quality })
    // Where WebP encoding is missing the canvas silently returns PNG: use JPEG instead.
    if (blob.type !== 'image/webp')
      blob = await canvas.convertToBlob({ type: 'image/jpeg', quality })
    best = blob
    if (blob.size <= budget) break
  }
  const blob = best as Blob
  return {
    bytes: new Uint8Array(await blob.arrayBuffer()),
    type: blob.type === 'image/webp' ? 'image/webp' : 'image/jpeg'
  }
}

/** A thumbhash of what is shown: `shown` is the feed image (or the whole photo when animated). */
function placeholderOf(shown: Source): string | null {
  const scale = PLACEHOLDER_MAX_SIDE / Math.max(shown.width, shown.height)
  const w = Math.max(1, Math.round(shown.width * Math.min(1, scale)))
  const h = Math.max(1, Math.round(shown.height * Math.min(1, scale)))
  const canvas = draw(shown, { x: 0, y: 0, w: shown.width, h: shown.height }, w, h)
  const pixels = canvas.getContext('2d')?.getImageData(0, 0, w, h)
  if (!pixels) return null
  return bytesToBase64(rgbaToThumbHash(w, h, pixels.data))
}

/** The box the main rendition must fit: the feed column, or a story's 9:16 full-height frame. */
export interface RenditionFrame {
  maxWidth: number
  maxHeight: number
}

export const FEED_FRAME: RenditionFrame = {
  maxWidth: FEED_IMAGE_MAX_WIDTH,
  maxHeight: Number.POSITIVE_INFINITY
}
export const STORY_FRAME: RenditionFrame = {
  maxWidth: STORY_IMAGE_MAX_WIDTH,
  maxHeight: STORY_IMAGE_MAX_HEIGHT
}

/** A photo's edits from the create screen, with the crop's width ÷ height (one per post;
 * null keeps the photo's own shape). */
export interface RenditionEdit extends PhotoEdit {
  ratio: number | null
}

export async function makeRenditions(
  bytes: Uint8Array,
  type: ImageMimeType,
  frame: RenditionFrame = FEED_FRAME,
  edit?: RenditionEdit
): Promise<Renditions> {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type })
  // 'from-image' applies the EXIF orientation, so a phone's portrait shot stays upright once
  // the EXIF block (which carried the rotation) is gone.
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' })
  try {
    const animated =
      (type === 'image/gif' && isAnimatedGif(bytes)) ||
      (type === 'image/webp' && isAnimatedWebp(bytes))
    // An animated photo is posted as it is, so no edit can apply to it.
    const applied = animated ? undefined : edit
    const region = applied
      ? cropRect(
          bitmap.width,
          bitmap.height,
          applied.ratio ?? bitmap.width / bitmap.height,
          applied.framing
        )
      : { x: 0, y: 0, w: bitmap.width, h: bitmap.height }
    const look = applied ? lookOf(applied) : null
    const size = fitBox(region.w, region.h, frame.maxWidth, frame.maxHeight)
    const feedCanvas = animated ? null : downscale(bitmap, region, size.width, size.height, look)
    const image = feedCanvas ? await encode(feedCanvas, FEED_IMAGE_BYTE_BUDGET) : { bytes, type }
    const square = centreSquare(region.w, region.h)
    const side = Math.min(THUMBNAIL_SIZE, square.side)
    const tile = { x: region.x + square.x, y: region.y + square.y, w: square.side, h: square.side }
    const thumbnail = await encode(downscale(bitmap, tile, side, side, look), THUMBNAIL_BYTE_BUDGET)
    return {
      image,
      thumbnail,
      width: animated ? bitmap.width : size.width,
      height: animated ? bitmap.height : size.height,
      placeholder: placeholderOf(feedCanvas ?? bitmap),
      animated
    }
  } finally {
    bitmap.close()
  }
}
