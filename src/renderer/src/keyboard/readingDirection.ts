// Moving through a row in the reading direction. In a right-to-left language (Arabic) a row runs
// from right to left: the next photo, tab or emoji is to the left, so ← moves on and → goes back,
// and a swipe to the right brings the next photo. Keys and swipes that move through a row go
// through here; panning a zoomed photo does not (it follows the hand, not the reading).

/** Whether the element sits in right-to-left text: the nearest `dir` (applyLanguage sets it on
 * `<html>`), `auto` ones skipped, since those only isolate a piece of text. */
export function isRightToLeft(element: Element | null): boolean {
  return element?.closest('[dir="rtl"], [dir="ltr"]')?.getAttribute('dir') === 'rtl'
}

/** ←/→ as a step along the reading direction: 1 onwards, -1 back, null for other keys. */
export function arrowStep(key: string, rtl: boolean): 1 | -1 | null {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null
  return (key === 'ArrowRight') !== rtl ? 1 : -1
}

/** A horizontal swipe of `dx` pixels as a step: the row moves with the hand, so dragging it
 * against the reading direction brings the next item. */
export function swipeStep(dx: number, rtl: boolean): 1 | -1 {
  return dx < 0 !== rtl ? 1 : -1
}

/** The tab a key selects in a tab list (ARIA's tabs pattern): ←/→ along the reading direction,
 * wrapping, Home and End; null for other keys. */
export function tabListIndex(
  key: string,
  index: number,
  count: number,
  rtl: boolean
): number | null {
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  const step = arrowStep(key, rtl)
  return step === null ? null : (index + step + count) % count
}
