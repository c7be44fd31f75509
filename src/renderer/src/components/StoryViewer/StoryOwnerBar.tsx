// Under the author's own story: how many people have watched it (the list on demand), and
// deleting it, asked twice so a stray click cannot.

import { useEffect, useState, type ReactElement } from 'react'
import { Eye, Trash2 } from 'lucide-react'
import type { LiveStory, StoryViewer } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { relativeAge } from '@shared/format'
import { MESSAGES } from '@shared/messages'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { useStores } from '../../store'
import { Avatar } from '../Avatar/Avatar'
import styles from './StoryViewer.module.scss'

export interface StoryOwnerBarProps {
  story: LiveStory
  /** The viewer pauses while the list or the confirmation is open. */
  onBusyChange(busy: boolean): void
}

export function StoryOwnerBar({ story, onBusyChange }: StoryOwnerBarProps): ReactElement {
  const { stories } = useStores()
  const t = useT()
  const locale = useLocale()
  const message = useMessage()
  const [viewers, setViewers] = useState<StoryViewer[] | null>(null)
  const [listOpen, setListOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    // The viewer mounts one bar per story (keyed by its id), so state never carries over.
    let current = true
    stories
      .getState()
      .fetchViewers(story)
      .then(
        (list) => current && setViewers(list),
        (caught: unknown) => current && setError(messageOr(caught, MESSAGES.storiesFailed))
      )
    return () => {
      current = false
    }
  }, [stories, story])

  useEffect(() => onBusyChange(listOpen || confirming), [listOpen, confirming, onBusyChange])

  const remove = async (): Promise<void> => {
    try {
      await stories.getState().deleteStory(story)
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.deleteStoryFailed('unknown error')))
      setConfirming(false)
    }
  }

  const count = viewers?.length ?? 0
  return (
    <div className={styles.owner}>
      {listOpen && viewers && (
        <section className={styles.viewers} aria-label={t('stories.viewers')}>
          {viewers.length === 0 ? (
            <p>{t('stories.noViewers')}</p>
          ) : (
            <ul>
              {viewers.map((viewer) => (
                <li key={viewer.viewer_id} className={styles.viewer}>
                  <Avatar
                    src={viewer.profiles?.avatar_url ?? null}
                    name={viewer.profiles?.username ?? '?'}
                    personId={viewer.viewer_id}
                    size={32}
                    decorative
                  />
                  <span className={styles.viewerName}>{viewer.profiles?.username}</span>
                  <span className={styles.age}>
                    {relativeAge(viewer.viewed_at, undefined, locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {error && (
        <p className={styles.ownerError} role="alert">
          {message(error)}
        </p>
      )}
      <div className={styles.ownerActions}>
        <button
          type="button"
          className={styles.ownerButton}
          aria-expanded={listOpen}
          disabled={viewers === null}
          onClick={() => setListOpen((open) => !open)}
        >
          <Eye size={18} aria-hidden /> {t('stories.seenBy', { count })}
        </button>
        {confirming ? (
          <>
            <button type="button" className={styles.ownerButton} onClick={() => void remove()}>
              {t('stories.delete')}
            </button>
            <button
              type="button"
              className={styles.ownerButton}
              onClick={() => setConfirming(false)}
            >
              {t('stories.keep')}
            </button>
          </>
        ) : (
          <button type="button" className={styles.ownerButton} onClick={() => setConfirming(true)}>
            <Trash2 size={18} aria-hidden /> {t('stories.deleteStory')}
          </button>
        )}
      </div>
    </div>
  )
}
