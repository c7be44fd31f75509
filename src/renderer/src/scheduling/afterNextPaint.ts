// Work that a click or key asks for but its answer on screen does not need (moving focus into a
// dialog, writing the history entry) runs after the paint that answers it: in the task queued
// from the next animation frame, which runs once that frame is painted. Run synchronously in
// the input's task it forced a style and layout pass (focus) or cost a pushState there, all
// before the first paint under 4× CPU throttling (docs/performance.md, "Interaction speed").

/** A frame may never come (a hidden window), so the work also runs after this long. */
const LATEST_MS = 100

/** Runs `work` once, after the next paint; returns the function that cancels it. */
export function afterNextPaint(work: () => void): () => void {
  let done = false
  const run = (): void => {
    if (done) return
    done = true
    cancel()
    work()
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const latest = setTimeout(run, LATEST_MS)
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          timer = setTimeout(run, 0)
        })
      : undefined
  function cancel(): void {
    done = true
    clearTimeout(latest)
    clearTimeout(timer)
    if (frame !== undefined) cancelAnimationFrame(frame)
  }
  return cancel
}
