// Remembered window bounds, made safe to restore: a saved position can point at a monitor that
// is no longer connected, and a hand-edited store can hold anything.

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowBounds {
  x?: number
  y?: number
  width: number
  height: number
  maximized: boolean
  /** Restored as full screen too: someone who works full screen expects to come back to it. */
  fullScreen: boolean
}

export const MIN_WINDOW_SIZE = { width: 800, height: 600 } as const
export const DEFAULT_WINDOW_SIZE = { width: 1200, height: 860 } as const

/** How much of the window must be on a screen (title bar reachable) to keep its position. */
const MIN_VISIBLE = 100

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  }
}

export function sanitizeBounds(saved: unknown, workAreas: readonly Rect[]): WindowBounds {
  const record = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {}
  const largest = workAreas.reduce<Rect | null>(
    (best, area) => (!best || area.width * area.height > best.width * best.height ? area : best),
    null
  )
  const maxWidth = Math.max(largest?.width ?? Infinity, MIN_WINDOW_SIZE.width)
  const maxHeight = Math.max(largest?.height ?? Infinity, MIN_WINDOW_SIZE.height)
  const clamp = (value: unknown, fallback: number, min: number, max: number): number =>
    Math.round(Math.min(Math.max(isFiniteNumber(value) ? value : fallback, min), max))

  const width = clamp(record.width, DEFAULT_WINDOW_SIZE.width, MIN_WINDOW_SIZE.width, maxWidth)
  const height = clamp(record.height, DEFAULT_WINDOW_SIZE.height, MIN_WINDOW_SIZE.height, maxHeight)
  const bounds: WindowBounds = {
    width,
    height,
    maximized: record.maximized === true,
    fullScreen: record.fullScreen === true
  }

  if (isFiniteNumber(record.x) && isFiniteNumber(record.y)) {
    const rect = { x: Math.round(record.x), y: Math.round(record.y), width, height }
    const visible = workAreas.some((area) => {
      const o = overlap(rect, area)
      // The top edge must be on this screen, so the title bar can be grabbed.
      return (
        o.width >= MIN_VISIBLE &&
        o.height >= MIN_VISIBLE &&
        rect.y >= area.y &&
        rect.y < area.y + area.height
      )
    })
    // Off every screen: drop the position and let Electron centre the window.
    if (visible) {
      bounds.x = rect.x
      bounds.y = rect.y
    }
  }
  return bounds
}
