// How the viewer is driven: what pauses the story on screen (a press held on the photo, Space or
// the pause button, a list or dialog over it), what a press on the photo does when it ends (a
// tap on the left third goes back, elsewhere on; a long press only paused; a swipe changes
// person), and the viewer's keys (← →, Space, Escape).

import type { StoriesContext, StoriesState, ViewerKeyOutcome } from './storiesTypes'

/** A press on the photo shorter than this is a tap (move on); longer is a hold (pause). */
export const HOLD_MS = 250
/** A press that travels this far sideways is a swipe to the next or previous person. */
export const SWIPE_PX = 60

export type Gesture = 'next' | 'previous' | 'nextPerson' | 'previousPerson' | null

/** What a press that started at `pressed` and ended at `released` on the photo `box` means. */
export function gestureOf(
  pressed: { time: number; x: number },
  released: { time: number; x: number },
  box: { left: number; width: number }
): Gesture {
  const travelled = released.x - pressed.x
  // Swiping left brings the next person in, as on a phone.
  if (Math.abs(travelled) >= SWIPE_PX) return travelled < 0 ? 'nextPerson' : 'previousPerson'
  if (released.time - pressed.time >= HOLD_MS) return null
  return released.x - box.left < box.width / 3 ? 'previous' : 'next'
}

export function playbackActions({
  get,
  set
}: StoriesContext): Pick<
  StoriesState,
  'setPause' | 'togglePause' | 'press' | 'release' | 'cancelPress' | 'viewerKey'
> {
  let pressedAt: { time: number; x: number } | null = null
  const setPause: StoriesState['setPause'] = (reason, on) => {
    if (get().playback[reason] !== on) set({ playback: { ...get().playback, [reason]: on } })
  }
  return {
    setPause,
    togglePause: () => setPause('toggled', !get().playback.toggled),
    press(x, time) {
      pressedAt = { time, x }
      setPause('held', true)
    },
    release(x, time, box) {
      const pressed = pressedAt
      pressedAt = null
      setPause('held', false)
      if (pressed === null) return
      const gesture = gestureOf(pressed, { time, x }, box)
      if (gesture) get()[gesture]()
    },
    cancelPress: () => setPause('held', false),
    viewerKey(key): ViewerKeyOutcome {
      // The report and block dialog handles its own keys (Escape closes it, not the stories).
      if (get().playback.options) return 'ignored'
      if (key === 'Escape') {
        get().closeStories()
        return 'closed'
      }
      if (key === 'ArrowRight') get().next()
      else if (key === 'ArrowLeft') get().previous()
      else if (key === ' ') get().togglePause()
      else return null
      return 'handled'
    }
  }
}

/** Whether the story on screen is paused, for whatever reason. */
export const selectPaused = (state: StoriesState): boolean =>
  Object.values(state.playback).some(Boolean)
