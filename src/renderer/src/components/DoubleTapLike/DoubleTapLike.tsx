// A post's photo(s): a double-click, or two taps in quick succession on a touch screen, likes the
// post (never unlikes it, as on the network) with a heart bursting over the photo; a visitor is
// asked to log in instead. The photo's own controls (a carousel's arrows and dots) keep their
// clicks. No burst for a reader who asked for less motion.

import { useRef, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react'
import { Heart } from 'lucide-react'
import { useSession, useStores } from '../../store'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { prefersReducedMotion } from '../../navigation/home'
import styles from './DoubleTapLike.module.scss'

/** Two taps this close in time and space are one double-tap. */
export const DOUBLE_TAP_MS = 300
const DOUBLE_TAP_PX = 30

/** Whether `target` is one of the photo's own controls, which take their own clicks. */
function onControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input') !== null
}

export function DoubleTapLike({
  postId,
  className = '',
  children
}: {
  postId: string
  className?: string
  children: ReactNode
}): ReactElement {
  const stores = useStores()
  const signedIn = useSession(selectIsSignedIn)
  const [bursts, setBursts] = useState(0)
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null)
  /** A double-tap was just handled: the dblclick the browser may add for it is the same one. */
  const handledTapAt = useRef(0)

  const like = (): void => {
    if (!signedIn) {
      stores.ui.getState().openAuth('signin')
      return
    }
    if (!prefersReducedMotion()) setBursts((count) => count + 1)
    if (stores.posts.getState().liked[postId] === false) {
      void stores.posts.getState().toggleLike(postId)
    }
  }

  const onPointerUp = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.pointerType !== 'touch' || onControl(event.target)) return
    const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY }
    const previous = lastTap.current
    const isDouble =
      previous !== null &&
      tap.at - previous.at < DOUBLE_TAP_MS &&
      Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_PX
    lastTap.current = isDouble ? null : tap
    if (!isDouble) return
    handledTapAt.current = tap.at
    like()
  }

  return (
    <div
      className={`${styles.area} ${className}`}
      onPointerUp={onPointerUp}
      onDoubleClick={(event) => {
        if (onControl(event.target)) return
        if (event.timeStamp - handledTapAt.current < DOUBLE_TAP_MS) return
        like()
      }}
    >
      {children}
      {bursts > 0 && (
        <span
          key={bursts}
          className={styles.burst}
          data-testid="like-burst"
          aria-hidden
          onAnimationEnd={() => setBursts(0)}
        >
          <Heart size={96} fill="currentColor" strokeWidth={0} />
        </span>
      )}
    </div>
  )
}
