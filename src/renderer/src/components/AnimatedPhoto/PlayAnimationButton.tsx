// The "GIF" (or "WebP") badge on an animated photo: a real button, named for what it does, that
// plays a held animation or pauses a playing one. It is the photo's own control, so its click
// neither opens a post nor toggles people tags, and a double-click on it does not like.

import type { ReactElement } from 'react'
import { Pause, Play } from 'lucide-react'
import { useT } from '../../i18n'
import type { AnimationHold } from './useAnimationHold'
import styles from './PlayAnimationButton.module.scss'

export function PlayAnimationButton({
  hold,
  className = ''
}: {
  hold: AnimationHold
  className?: string
}): ReactElement | null {
  const t = useT()
  if (!hold.controllable) return null
  const Icon = hold.playing ? Pause : Play
  const format = hold.format ?? 'GIF'
  return (
    <button
      type="button"
      className={`${styles.badge} ${className}`}
      // The visible format is part of the name, so speaking what is seen works with voice control.
      aria-label={t(hold.playing ? 'post.pauseAnimation' : 'post.playAnimation', { format })}
      title={t(hold.playing ? 'post.pauseAnimationTitle' : 'post.playAnimationTitle')}
      onClick={(event) => {
        event.stopPropagation()
        hold.toggle()
      }}
    >
      <Icon size={12} aria-hidden fill="currentColor" strokeWidth={0} />
      {format}
    </button>
  )
}
