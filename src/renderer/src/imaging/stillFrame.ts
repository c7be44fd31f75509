// An animated photo held still (Settings › Accessibility, "Autoplay animated images" off): the
// pipeline posts animated GIFs and WebPs as they are, so a photo's bytes say whether it moves.
// They are read back from what the <img> just loaded (the HTTP cache, or the offline copy's
// object URL), never downloaded twice; the first frame is decoded on its own and re-encoded as
// a still PNG, so what is shown while held is an image that cannot move, not a paused one.

// Loaded on first use (useAnimationHold imports it when a photo has to be read), so the feed's
// entry chunk carries none of it.

import { isAnimatedGif, isAnimatedWebp } from './formats'

export function isAnimatedImage(bytes: Uint8Array): boolean {
  return isAnimatedGif(bytes) || isAnimatedWebp(bytes)
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
 * An object URL of the still first frame of the image loaded from `loadedUrl`, or null when it
 * does not move. The caller revokes the URL when it no longer shows it.
 */
export async function stillFrameOf(
  loadedUrl: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init)
): Promise<string | null> {
  const response = await fetchImpl(loadedUrl, { cache: 'force-cache' })
  if (!response.ok) throw new Error(`Could not read the photo back (${response.status})`)
  const bytes = await response.blob()
  if (!isAnimatedImage(new Uint8Array(await bytes.arrayBuffer()))) return null
  return URL.createObjectURL(await firstFrame(bytes))
}
