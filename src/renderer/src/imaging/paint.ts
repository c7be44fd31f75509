// Paints part of a photo with a look (imaging/edits.ts) onto a 2D canvas. The live preview and
// the shared rendition both paint through here, so what the person saw is what is posted.

import { canvasFilter, type Look, type Rect } from './edits'

type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D
type Source = ImageBitmap | OffscreenCanvas

/** Warm is an amber wash, cool a blue one, blended softly so whites stay white. */
function tint(context: Context, warmth: number, width: number, height: number): void {
  context.globalCompositeOperation = 'soft-light'
  context.fillStyle =
    warmth > 0
      ? `rgba(255, 150, 40, ${(0.6 * warmth).toFixed(3)})`
      : `rgba(40, 120, 255, ${(0.6 * -warmth).toFixed(3)})`
  context.fillRect(0, 0, width, height)
}

/** Fade lifts the blacks and softens the whites, as a thin grey veil does. */
function fade(context: Context, amount: number, width: number, height: number): void {
  context.globalCompositeOperation = 'source-over'
  context.fillStyle = `rgba(128, 128, 128, ${(0.35 * amount).toFixed(3)})`
  context.fillRect(0, 0, width, height)
}

function vignette(context: Context, amount: number, width: number, height: number): void {
  const radius = Math.hypot(width, height) / 2
  const gradient = context.createRadialGradient(
    width / 2,
    height / 2,
    radius * 0.45,
    width / 2,
    height / 2,
    radius
  )
  gradient.addColorStop(0, 'rgba(0, 0, 0, 0)')
  gradient.addColorStop(1, `rgba(0, 0, 0, ${(0.75 * amount).toFixed(3)})`)
  context.globalCompositeOperation = 'source-over'
  context.fillStyle = gradient
  context.fillRect(0, 0, width, height)
}

/** Draws `crop` of `source` to fill width × height of `context`, with the look applied. */
export function paintWithLook(
  context: Context,
  source: Source,
  crop: Rect,
  width: number,
  height: number,
  look: Look
): void {
  context.save()
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.filter = canvasFilter(look)
  context.drawImage(source, crop.x, crop.y, crop.w, crop.h, 0, 0, width, height)
  context.filter = 'none'
  if (look.warmth) tint(context, look.warmth, width, height)
  if (look.fade) fade(context, look.fade, width, height)
  if (look.vignette) vignette(context, look.vignette, width, height)
  context.restore()
}
