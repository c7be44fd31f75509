// The stories tray's geometry, kept apart from the DOM so it can be tested on numbers: how many
// bubbles fit whole across the tray, the gap that spreads them edge to edge (so none is cut in
// half at the right), and where a page to either side lands.

export interface TrayMetrics {
  /** The tray's visible width. */
  viewport: number
  /** One bubble's width. */
  item: number
  /** The least space between two bubbles, and on either side of the row. */
  minGap: number
  count: number
}

export interface TrayLayout {
  gap: number
  /** Left and right padding of the row: the gap's rounding leftover, halved. */
  padding: number
  /** Bubbles shown whole at once: what a page scrolls by. */
  perPage: number
}

export function layoutTray({ viewport, item, minGap, count }: TrayMetrics): TrayLayout {
  const room = viewport - 2 * minGap
  const perPage = Math.max(1, Math.floor((room + minGap) / (item + minGap)))
  // All fit: no need to spread them, they sit at the start as the network's do.
  if (count <= perPage || perPage === 1) return { gap: minGap, padding: minGap, perPage }
  // Whole pixels, so a page's scroll offset lands on a bubble's edge.
  const gap = Math.floor((room - perPage * item) / (perPage - 1))
  const padding = (viewport - perPage * item - (perPage - 1) * gap) / 2
  return { gap, padding, perPage }
}

/**
 * Where a page back (-1) or on (+1) lands: a whole number of bubbles from the start, so the
 * first and last shown are whole, held within the row's ends.
 */
export function pageOffset(
  scrollLeft: number,
  maxScroll: number,
  layout: TrayLayout,
  item: number,
  direction: -1 | 1
): number {
  const stride = item + layout.gap
  const first = Math.round(scrollLeft / stride)
  const target = (first + direction * layout.perPage) * stride
  return Math.min(Math.max(target, 0), maxScroll)
}
