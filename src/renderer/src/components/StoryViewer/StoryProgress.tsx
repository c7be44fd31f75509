// The segmented bars on top of the viewer: full for the stories already shown, filling for the
// current one, empty for the rest. The filling is a CSS animation of STORY_PHOTO_MS, paused and
// resumed through animation-play-state, and its end moves the viewer on; so there is no timer
// to drift or to leak. With reduced motion (Settings › Accessibility, or the system's) nothing
// moves on its own: the current bar is shown full and the person moves on with the arrows.
// A video story's bar instead follows its clip (`fraction`, from StoryVideo): the clip's end,
// not a timer, moves the viewer on.

import type { CSSProperties, ReactElement } from 'react'
import { STORY_PHOTO_MS } from '@shared/limits'
import { motionReduced } from '../../preferences/appliedPreferences'
import styles from './StoryViewer.module.scss'

export interface StoryProgressProps {
  count: number
  index: number
  paused: boolean
  /** The id of the shown story: a new story restarts the animation. */
  storyId: string
  /** How far the current clip is (0 to 1) for a video story; null for a photo. */
  fraction?: number | null
  onDone(): void
}

export function StoryProgress({
  count,
  index,
  paused,
  storyId,
  fraction = null,
  onDone
}: StoryProgressProps): ReactElement {
  const still = motionReduced()
  const style = {
    animationDuration: `${STORY_PHOTO_MS}ms`,
    animationPlayState: paused ? 'paused' : 'running'
  } as CSSProperties
  return (
    <div className={styles.bars} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={styles.bar}>
          {i < index && <span className={`${styles.fill} ${styles['fill--done']}`} />}
          {i === index && fraction !== null && (
            <span
              key={storyId}
              className={styles.fill}
              data-testid="story-progress"
              data-fraction={fraction.toFixed(3)}
              style={{ transform: `scaleX(${fraction})` }}
            />
          )}
          {i === index && fraction === null && still && (
            <span
              key={storyId}
              className={`${styles.fill} ${styles['fill--done']}`}
              data-testid="story-progress"
            />
          )}
          {i === index && fraction === null && !still && (
            <span
              key={storyId}
              className={`${styles.fill} ${styles['fill--running']}`}
              data-testid="story-progress"
              style={style}
              onAnimationEnd={onDone}
            />
          )}
        </span>
      ))}
    </div>
  )
}
