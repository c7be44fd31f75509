// What the create screen's editor can do to a photo before it is shared, as plain data: the
// crop (one aspect for the whole post, a zoom and a position per photo), a filter and six
// adjustments. Pure functions turn it into a source rectangle and a "look" (a canvas filter
// string plus overlays), so the live preview (previewWorker.ts) and the shared rendition
// (renditions.ts) paint exactly the same pixels.

export type AspectId = 'original' | '1:1' | '4:5' | '16:9'

export const ASPECTS: ReadonlyArray<{ id: AspectId; label: string }> = [
  { id: 'original', label: 'Original' },
  { id: '1:1', label: '1:1' },
  { id: '4:5', label: '4:5' },
  { id: '16:9', label: '16:9' }
]

/** Where the crop sits in the photo: zoom 1 is the largest crop of the aspect; offsets -1…1
 * move it from one edge to the other (0 is centred). */
export interface Framing {
  zoom: number
  offsetX: number
  offsetY: number
}

export const MAX_ZOOM = 3

/** Slider values: brightness, contrast, saturation and warmth -100…100; fade and vignette 0…100. */
export interface Adjustments {
  brightness: number
  contrast: number
  saturation: number
  warmth: number
  fade: number
  vignette: number
}

export const ADJUSTMENTS: ReadonlyArray<{ id: keyof Adjustments; label: string; min: number }> = [
  { id: 'brightness', label: 'Brightness', min: -100 },
  { id: 'contrast', label: 'Contrast', min: -100 },
  { id: 'saturation', label: 'Saturation', min: -100 },
  { id: 'warmth', label: 'Warmth', min: -100 },
  { id: 'fade', label: 'Fade', min: 0 },
  { id: 'vignette', label: 'Vignette', min: 0 }
]

export type FilterId =
  | 'normal'
  | 'clarendon'
  | 'gingham'
  | 'moon'
  | 'lark'
  | 'reyes'
  | 'juno'
  | 'slumber'
  | 'crema'
  | 'ludwig'
  | 'aden'
  | 'perpetua'

/** One photo's edits. */
export interface PhotoEdit {
  framing: Framing
  filter: FilterId
  adjustments: Adjustments
}

export const NO_ADJUSTMENTS: Adjustments = {
  brightness: 0,
  contrast: 0,
  saturation: 0,
  warmth: 0,
  fade: 0,
  vignette: 0
}

export const NO_EDIT: PhotoEdit = {
  framing: { zoom: 1, offsetX: 0, offsetY: 0 },
  filter: 'normal',
  adjustments: NO_ADJUSTMENTS
}

/** What a canvas paints: CSS filter functions, then a warm/cool tint, a fade and a vignette. */
export interface Look {
  brightness: number
  contrast: number
  saturate: number
  sepia: number
  grayscale: number
  hueRotate: number
  /** -1 (cool) … 1 (warm). */
  warmth: number
  /** 0 … 1. */
  fade: number
  /** 0 … 1. */
  vignette: number
}

const PLAIN: Look = {
  brightness: 1,
  contrast: 1,
  saturate: 1,
  sepia: 0,
  grayscale: 0,
  hueRotate: 0,
  warmth: 0,
  fade: 0,
  vignette: 0
}

/** The network's filters, approximated with the functions a canvas has (after CSSgram). */
export const FILTERS: ReadonlyArray<{ id: FilterId; label: string; look: Partial<Look> }> = [
  { id: 'normal', label: 'Normal', look: {} },
  { id: 'clarendon', label: 'Clarendon', look: { contrast: 1.2, saturate: 1.35, warmth: -0.15 } },
  { id: 'gingham', label: 'Gingham', look: { brightness: 1.05, hueRotate: -10, fade: 0.25 } },
  { id: 'moon', label: 'Moon', look: { grayscale: 1, contrast: 1.1, brightness: 1.1 } },
  { id: 'lark', label: 'Lark', look: { contrast: 0.9, saturate: 1.1, brightness: 1.08 } },
  {
    id: 'reyes',
    label: 'Reyes',
    look: { sepia: 0.22, brightness: 1.1, contrast: 0.85, fade: 0.2 }
  },
  { id: 'juno', label: 'Juno', look: { saturate: 1.35, contrast: 1.15, warmth: 0.25 } },
  { id: 'slumber', label: 'Slumber', look: { saturate: 0.66, brightness: 1.05, warmth: 0.2 } },
  { id: 'crema', label: 'Crema', look: { sepia: 0.3, contrast: 0.9, saturate: 0.9, fade: 0.15 } },
  { id: 'ludwig', label: 'Ludwig', look: { contrast: 1.05, saturate: 0.9, vignette: 0.35 } },
  { id: 'aden', label: 'Aden', look: { hueRotate: -20, contrast: 0.9, saturate: 0.85, fade: 0.2 } },
  { id: 'perpetua', label: 'Perpetua', look: { saturate: 1.1, warmth: -0.2, vignette: 0.2 } }
]

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value))

/** The filter's look with the adjustments laid over it. */
export function lookOf(edit: Pick<PhotoEdit, 'filter' | 'adjustments'>): Look {
  const preset = { ...PLAIN, ...FILTERS.find((filter) => filter.id === edit.filter)?.look }
  const a = edit.adjustments
  return {
    ...preset,
    brightness: preset.brightness * (1 + a.brightness / 200),
    contrast: preset.contrast * (1 + a.contrast / 200),
    saturate: preset.saturate * (1 + a.saturation / 100),
    warmth: clamp(preset.warmth + a.warmth / 100, -1, 1),
    fade: clamp(preset.fade + a.fade / 100, 0, 1),
    vignette: clamp(preset.vignette + a.vignette / 100, 0, 1)
  }
}

export function isPlainLook(look: Look): boolean {
  return (Object.keys(PLAIN) as Array<keyof Look>).every((key) => look[key] === PLAIN[key])
}

/** The canvas `filter` string for a look ('none' when it changes nothing). */
export function canvasFilter(look: Look): string {
  const parts: string[] = []
  if (look.brightness !== 1) parts.push(`brightness(${look.brightness.toFixed(3)})`)
  if (look.contrast !== 1) parts.push(`contrast(${look.contrast.toFixed(3)})`)
  if (look.saturate !== 1) parts.push(`saturate(${look.saturate.toFixed(3)})`)
  if (look.sepia) parts.push(`sepia(${look.sepia})`)
  if (look.grayscale) parts.push(`grayscale(${look.grayscale})`)
  if (look.hueRotate) parts.push(`hue-rotate(${look.hueRotate}deg)`)
  return parts.length ? parts.join(' ') : 'none'
}

/** Width ÷ height of the crop; `original` keeps the photo's own (or the first photo's, which
 * a carousel passes so all its photos share one shape). */
export function aspectRatio(aspect: AspectId, originalRatio: number): number {
  switch (aspect) {
    case '1:1':
      return 1
    case '4:5':
      return 4 / 5
    case '16:9':
      return 16 / 9
    case 'original':
      return originalRatio
  }
}

export interface Rect {
  x: number
  y: number
  w: number
  h: number
}

/** The part of a width × height photo a crop of `ratio` keeps, in source pixels. */
export function cropRect(width: number, height: number, ratio: number, framing: Framing): Rect {
  const zoom = clamp(framing.zoom, 1, MAX_ZOOM)
  // The largest rectangle of this ratio inside the photo, then smaller by the zoom.
  let w = width
  let h = width / ratio
  if (h > height) {
    h = height
    w = height * ratio
  }
  w = Math.max(1, Math.round(w / zoom))
  h = Math.max(1, Math.round(h / zoom))
  const freeX = width - w
  const freeY = height - h
  return {
    x: Math.round((freeX / 2) * (1 + clamp(framing.offsetX, -1, 1))),
    y: Math.round((freeY / 2) * (1 + clamp(framing.offsetY, -1, 1))),
    w,
    h
  }
}

/** The offset a drag of (dx, dy) screen pixels moves to, over a preview `shown` px wide
 * showing a crop of `crop` in a `width` × `height` photo: the photo follows the pointer. */
export function draggedFraming(
  framing: Framing,
  drag: { dx: number; dy: number; shownWidth: number },
  photo: { width: number; height: number },
  crop: Rect
): Framing {
  const scale = crop.w / drag.shownWidth
  const freeX = photo.width - crop.w
  const freeY = photo.height - crop.h
  const offsetX = freeX > 0 ? framing.offsetX - (2 * drag.dx * scale) / freeX : 0
  const offsetY = freeY > 0 ? framing.offsetY - (2 * drag.dy * scale) / freeY : 0
  return { ...framing, offsetX: clamp(offsetX, -1, 1), offsetY: clamp(offsetY, -1, 1) }
}
