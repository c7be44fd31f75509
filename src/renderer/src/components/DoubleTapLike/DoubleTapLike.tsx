// A post's photo(s): a double-click, or two taps in quick succession on a touch screen, likes the
// post (never unlikes it, as on the network) with a heart bursting over the photo; a visitor is
// asked to log in instead. The photo's own controls (a carousel's arrows and dots) keep their
// clicks. No burst for a reader who asked for less motion.

import { useState, type ReactElement, type ReactNode } from 'react'
import { Heart } from 'lucide-react'
import { useStores } from '../../store'
import { prefersReducedMotion } from '../../navigation/home'
import { useDoubleTap } from '../../hooks/useDoubleTap'
import styles from './DoubleTapLike.module.scss'

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
  const { postActions } = useStores()
  const [bursts, setBursts] = useState(0)

  const like = (): void => {
    if (postActions.likeFromPhoto(postId) && !prefersReducedMotion()) {
      setBursts((count) => count + 1)
    }
  }

  const doubleTap = useDoubleTap(like, onControl)

  return (
    <div
      className={`${styles.area} ${className}`}
      onPointerUp={doubleTap.onPointerUp}
      onDoubleClick={doubleTap.onDoubleClick}
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
