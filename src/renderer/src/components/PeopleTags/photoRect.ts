// Where a photo's pixels are inside the box that shows it: a tag's point is a fraction of the
// photo, but the box may crop it ('cover', a card capped at 4:5) or letterbox it ('contain', a
// carousel's square frame, the post view). Pure, so the layer and its tests agree.

export interface Size {
  width: number
  height: number
}

export interface Rect extends Size {
  left: number
  top: number
}

export type PhotoFit = 'cover' | 'contain'

/** A photo's stored size; either may be missing on older rows. */
export interface PhotoSize {
  width?: number | null
  height?: number | null
}

/** The photo's rectangle in box coordinates; the whole box when the photo's size is unknown. */
export function photoContentRect(box: Size, photo: PhotoSize | null, fit: PhotoFit): Rect {
  if (!photo?.width || !photo.height || box.width <= 0 || box.height <= 0) {
    return { left: 0, top: 0, width: box.width, height: box.height }
  }
  const scaleX = box.width / photo.width
  const scaleY = box.height / photo.height
  const scale = fit === 'cover' ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY)
  const width = photo.width * scale
  const height = photo.height * scale
  return { left: (box.width - width) / 2, top: (box.height - height) / 2, width, height }
}

/** A point of the photo (fractions) in box pixels. */
export function pointInBox(rect: Rect, x: number, y: number): { left: number; top: number } {
  return { left: rect.left + x * rect.width, top: rect.top + y * rect.height }
}

/** A click in box pixels as a point of the photo (fractions), or null when it is off the photo. */
export function pointOfPhoto(
  rect: Rect,
  left: number,
  top: number
): { x: number; y: number } | null {
  if (rect.width <= 0 || rect.height <= 0) return null
  const x = (left - rect.left) / rect.width
  const y = (top - rect.top) / rect.height
  if (x < 0 || x > 1 || y < 0 || y > 1) return null
  return { x, y }
}
