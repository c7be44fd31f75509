// Whether the splash is still up: it stays durationMs from its first paint on screen
// (splashTiming.ts); 0 shows no splash (tests).

import { useLayoutEffect, useState } from 'react'
import { useStores } from '../../store'
import { holdSplash, pageSplashClock } from './splashTiming'

export function useSplash(durationMs: number): boolean {
  const { api } = useStores()
  const [showing, setShowing] = useState(durationMs > 0)
  // A layout effect runs before the browser paints the splash, so the count waits for that paint
  // rather than for the passive effects, which may run hundreds of ms later on a busy start.
  useLayoutEffect(() => {
    if (durationMs <= 0) return
    return holdSplash({
      durationMs,
      clock: pageSplashClock,
      onScreen: api.app.windowShown(),
      done: () => setShowing(false)
    })
  }, [api, durationMs])
  return showing
}
