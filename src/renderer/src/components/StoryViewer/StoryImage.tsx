// A story's photo in the viewer's frame, over its placeholder until it has loaded. The shown one
// and the next are both in the page, so advancing only swaps which is visible.

import { useMemo, type ReactElement } from 'react'
import type { LiveStory } from '@shared/domain'
import { placeholderDataUrl } from '../../imaging/placeholder'
import styles from './StoryViewer.module.scss'

export function StoryImage({
  story,
  shown,
  alt
}: {
  story: LiveStory
  shown: boolean
  alt: string
}): ReactElement {
  const preview = useMemo(() => placeholderDataUrl(story.placeholder), [story.placeholder])
  return (
    <img
      className={`${styles.photo} ${shown ? styles['photo--shown'] : ''}`}
      src={story.image_url}
      alt={shown ? alt : ''}
      aria-hidden={!shown}
      data-current={shown ? 'true' : undefined}
      data-story-id={story.id}
      decoding="sync"
      draggable={false}
      style={preview ? { backgroundImage: `url("${preview}")` } : undefined}
    />
  )
}
