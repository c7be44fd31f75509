// Settings › Archive, Stories: every story one shared, newest first, live or expired, which
// only one sees; each opens in the story viewer with its viewers list as it was and "Delete
// story" (the row, then its photos). "New highlight" makes a highlight of them.

import { useEffect, useState, type ReactElement } from 'react'
import { Plus } from 'lucide-react'
import type { LiveStory } from '@shared/domain'
import { useHighlights, useStores } from '../../store'
import { CachedImg } from '../CachedImg/CachedImg'
import { HighlightEditor } from '../HighlightEditor/HighlightEditor'
import { LoadMore } from '../LoadMore/LoadMore'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './ArchiveSection.module.scss'

const dayOf = (story: LiveStory, locale: string): string =>
  new Date(story.created_at).toLocaleDateString(locale, { day: 'numeric', month: 'short' })

export function StoryArchive(): ReactElement {
  const { highlights } = useStores()
  const t = useT()
  const locale = useLocale()
  const message = useMessage()
  const archive = useHighlights((state) => state.archive)
  const status = useHighlights((state) => state.archiveStatus)
  const error = useHighlights((state) => state.archiveError)
  const hasMore = useHighlights((state) => state.archiveNext !== null)
  const [making, setMaking] = useState(false)
  useEffect(() => {
    void highlights.getState().loadArchive()
  }, [highlights])

  return (
    <>
      <div className={styles.storiesHead}>
        <p className={styles.intro}>{t('archive.storiesIntro')}</p>
        <button type="button" className={styles.newHighlight} onClick={() => setMaking(true)}>
          <Plus size={16} aria-hidden /> {t('highlights.new')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {message(error)}
        </p>
      )}
      {status === 'ready' && archive.length === 0 && (
        <p className={styles.empty}>{t('archive.noStories')}</p>
      )}
      {archive.length > 0 && (
        <ul
          className={`${styles.grid} ${styles['grid--stories']}`}
          aria-label={t('archive.archivedStories')}
        >
          {archive.map((story) => (
            <li key={story.id}>
              <button
                type="button"
                className={styles.story}
                aria-label={
                  story.caption
                    ? t('archive.openStoryCaption', {
                        date: dayOf(story, locale),
                        caption: story.caption
                      })
                    : t('archive.openStory', { date: dayOf(story, locale) })
                }
                onClick={() => void highlights.getState().openArchived(story.id)}
              >
                <CachedImg
                  className={styles.storyPhoto}
                  src={story.thumb_url ?? story.image_url}
                  alt=""
                  loading="lazy"
                  draggable={false}
                />
                <time className={styles.date} dateTime={story.created_at} aria-hidden>
                  {dayOf(story, locale)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        status={status}
        hasMore={hasMore}
        className={styles.more}
        label={t('archive.loadMore')}
        onMore={() => void highlights.getState().loadArchive(true)}
      />
      {making && <HighlightEditor highlight={null} onClose={() => setMaking(false)} />}
    </>
  )
}
