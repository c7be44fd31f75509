// Under someone else's story: a reply box and a quick heart reaction, both sent to the author
// as a direct message quoting the story. The viewer pauses while the reader types.

import { useState, type KeyboardEvent, type ReactElement } from 'react'
import type { LiveStory } from '@shared/domain'
import { MAX_DIRECT_TEXT_LENGTH, STORY_QUICK_REACTION } from '../../services/rules'
import { useStores } from '../../store'
import { useT } from '../../i18n'
import styles from './DirectStoryReply.module.scss'

export interface DirectStoryReplyProps {
  story: LiveStory
  authorName: string
  onBusyChange(busy: boolean): void
}

export function DirectStoryReply({
  story,
  authorName,
  onBusyChange
}: DirectStoryReplyProps): ReactElement {
  const { direct, toast } = useStores()
  const t = useT()
  const [text, setText] = useState('')

  const reply = async (body: string, reaction: boolean): Promise<void> => {
    if (!body.trim()) return
    setText('')
    const sent = await direct.getState().replyToStory(story.user_id, story.id, body, reaction)
    if (sent) toast.getState().show(reaction ? t('stories.reactionSent') : t('stories.replySent'))
  }
  // The viewer's keys (space pauses, arrows move) must not fire while typing here.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Escape') return
    event.stopPropagation()
    if (event.key === 'Enter') {
      event.preventDefault()
      void reply(text, false)
    }
  }

  return (
    <div className={styles.bar} onPointerDown={(event) => event.stopPropagation()}>
      <input
        className={styles.input}
        aria-label={t('stories.replyTo', { name: authorName })}
        placeholder={t('stories.replyPlaceholder', { name: authorName })}
        maxLength={MAX_DIRECT_TEXT_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => onBusyChange(true)}
        onBlur={() => onBusyChange(false)}
      />
      <button
        type="button"
        className={styles.react}
        aria-label={t('stories.reactHeart')}
        onClick={() => void reply(STORY_QUICK_REACTION, true)}
      >
        {STORY_QUICK_REACTION}
      </button>
    </div>
  )
}
