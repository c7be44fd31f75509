// An animated photo held still (Settings › Accessibility, "Autoplay animated images" off, or
// paused by its button): the pipeline posts animated GIFs and WebPs as they are, so a photo's
// bytes say whether it moves.
// They are read back from what the <img> just loaded (the HTTP cache, or the offline copy's
// object URL), never downloaded twice; the first frame is decoded on its own and re-encoded as
// a still PNG, so what is shown while held is an image that cannot move, not a paused one.

// Loaded on first use (useAnimationHold imports it when a photo has to be read), so the feed's
// entry chunk carries none of it.

import { isAnimatedGif, isAnimatedWebp } from './formats'

/** The kinds of photo that can move, named as the photo's badge shows them. */
export type AnimatedFormat = 'GIF' | 'WebP'

/** Which kind of animation `bytes` hold, or null for a photo that does not move. */
export function animatedFormatOf(bytes: Uint8Array): AnimatedFormat | null {
  if (isAnimatedGif(bytes)) return 'GIF'
  if (isAnimatedWebp(bytes)) return 'WebP'
  return null
}

export function isAnimatedImage(bytes: Uint8Array): boolean {
  return animatedFormatOf(bytes) !== null
}

/** A moving photo's still first frame (an object URL) and its kind. */
export interface StillFrame {
  url: string
  format: AnimatedFormat
}

/** The first frame of `bytes` as a PNG: createImageBitmap decodes a still from an animation. */
async function firstFrame(bytes: Blob): Promise<Blob> {
  const frame = await createImageBitmap(bytes)
  try {
    const canvas = new OffscreenCanvas(frame.width, frame.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('2D canvas unavailable')
    context.drawImage(frame, 0, 0)
    return await canvas.convertToBlob({ type: 'image/png' })
  } finally {
    frame.close()
  }
}

/**
 * The still first frame of the image loaded from `loadedUrl`, or null when it does not move.
 * The caller revokes the frame's URL when it no longer shows it.
 */
export async function stillFrameOf(
  loadedUrl: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init)
): Promise<StillFrame | null> {
  const response = await fetchImpl(loadedUrl, { cache: 'force-cache' })
  if (!response.ok) throw new Error(`Could not read the photo back (${response.status})`)
  const bytes = await response.blob()
  // A WebP says whether it moves in its first bytes: only a GIF's frames have to be walked.
  const head = new Uint8Array(await bytes.slice(0, 32).arrayBuffer())
  const isGif = String.fromCharCode(...head.subarray(0, 3)) === 'GIF'
  const format = animatedFormatOf(isGif ? new Uint8Array(await bytes.arrayBuffer()) : head)
  if (!format) return null
  return { url: URL.createObjectURL(await firstFrame(bytes)), format }
}
