// Making or editing a highlight (docs/product.md, "Profile"): its name (1 to 32 characters,
// "n/32"), which of one's stories it holds (live or archived, newest first, from the archive),
// and its cover, one of those stories cropped to a circle. Save is checked here and again by
// the database; a refusal shows its reason and keeps everything chosen.

import { useEffect, useId, useMemo, useState, type ReactElement } from 'react'
import { Check } from 'lucide-react'
import type { LiveStory, StoryHighlight } from '@shared/domain'
import { MAX_HIGHLIGHT_TITLE_LENGTH } from '@shared/limits'
import { useHighlights, useStores } from '../../store'
import { CachedImg } from '../CachedImg/CachedImg'
import { Modal } from '../Modal/Modal'
import { LoadMore } from '../LoadMore/LoadMore'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import type { Text } from '../../i18n/phrase'
import styles from './HighlightEditor.module.scss'

/** "Story from 3/14/2026: caption", the date in the page's language. */
function useStoryLabel(): (story: LiveStory) => string {
  const t = useT()
  const locale = useLocale()
  return (story) => {
    const date = new Date(story.created_at).toLocaleDateString(locale)
    return story.caption
      ? t('highlights.storyFromCaption', { date, caption: story.caption })
      : t('highlights.storyFrom', { date })
  }
}

export function HighlightEditor({
  highlight,
  onClose
}: {
  /** The highlight to edit; null makes a new one. */
  highlight: StoryHighlight | null
  onClose(): void
}): ReactElement {
  const { highlights } = useStores()
  const t = useT()
  const message = useMessage()
  const storyLabel = useStoryLabel()
  const archive = useHighlights((state) => state.archive)
  const status = useHighlights((state) => state.archiveStatus)
  const hasMore = useHighlights((state) => state.archiveNext !== null)
  const [title, setTitle] = useState(highlight?.title ?? '')
  const [chosen, setChosen] = useState<string[]>([])
  // A highlight's own stories, which may lie past the archive's loaded pages.
  const [held, setHeld] = useState<LiveStory[]>([])
  const [cover, setCover] = useState<string | null>(highlight?.cover_story_id ?? null)
  const [error, setError] = useState<Text | null>(null)
  const [saving, setSaving] = useState(false)
  const nameId = useId()

  useEffect(() => {
    if (highlights.getState().archiveStatus === 'idle') void highlights.getState().loadArchive()
    if (!highlight) return
    let current = true
    highlights
      .getState()
      .highlightStories(highlight.id)
      .then(
        (stories) => {
          if (!current) return
          setHeld(stories)
          setChosen(stories.map((story) => story.id))
        },
        () => current && setError(t('highlights.loadFailed'))
      )
    return () => {
      current = false
    }
  }, [highlights, highlight, t])

  const stories = useMemo(() => {
    const shown = new Set(archive.map((story) => story.id))
    return [...archive, ...held.filter((story) => !shown.has(story.id))]
  }, [archive, held])
  const picked = stories.filter((story) => chosen.includes(story.id))
  const coverId = cover && chosen.includes(cover) ? cover : (picked[picked.length - 1]?.id ?? null)

  const toggle = (id: string): void => {
    setError(null)
    setChosen((list) => (list.includes(id) ? list.filter((held) => held !== id) : [...list, id]))
  }

  const save = async (): Promise<void> => {
    setSaving(true)
    const problem = await highlights
      .getState()
      .save({ title, storyIds: chosen, coverStoryId: coverId }, highlight?.id)
    setSaving(false)
    if (problem) setError(problem)
    else onClose()
  }

  return (
    <Modal
      title={highlight ? t('highlights.edit') : t('highlights.new')}
      onClose={onClose}
      closeDisabled={saving}
      className={styles.dialog}
    >
      <div className={styles.body}>
        <label className={styles.label} htmlFor={nameId}>
          {t('highlights.nameLabel')}
        </label>
        <div className={styles.nameRow}>
          <input
            id={nameId}
            className={styles.input}
            value={title}
            placeholder={t('highlights.label')}
            onChange={(event) => {
              setTitle(event.target.value)
              setError(null)
            }}
          />
          <span className={styles.count} aria-hidden>
            {title.trim().length}/{MAX_HIGHLIGHT_TITLE_LENGTH}
          </span>
        </div>
        <h3 className={styles.heading}>{t('highlights.stories')}</h3>
        {status === 'ready' && stories.length === 0 && (
          <p className={styles.muted}>{t('highlights.noStories')}</p>
        )}
        <ul className={styles.grid} aria-label={t('highlights.choose')}>
          {stories.map((story) => {
            const on = chosen.includes(story.id)
            return (
              <li key={story.id}>
                <button
                  type="button"
                  className={`${styles.story} ${on ? styles['story--chosen'] : ''}`}
                  aria-pressed={on}
                  aria-label={storyLabel(story)}
                  onClick={() => toggle(story.id)}
                >
                  <CachedImg
                    className={styles.thumb}
                    src={story.thumb_url ?? story.image_url}
                    alt=""
                    draggable={false}
                  />
                  <span className={styles.check} aria-hidden>
                    {on && <Check size={14} strokeWidth={3} />}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
        <LoadMore
          status={status}
          hasMore={hasMore}
          className={styles.more}
          label={t('highlights.loadMore')}
          onMore={() => void highlights.getState().loadArchive(true)}
        />
        {picked.length > 0 && (
          <>
            <h3 className={styles.heading} id={`${nameId}-cover`}>
              {t('highlights.cover')}
            </h3>
            <div className={styles.covers} role="radiogroup" aria-labelledby={`${nameId}-cover`}>
              {picked.map((story) => (
                <button
                  key={story.id}
                  type="button"
                  role="radio"
                  aria-checked={story.id === coverId}
                  aria-label={t('highlights.coverOf', { story: storyLabel(story) })}
                  className={`${styles.cover} ${story.id === coverId ? styles['cover--chosen'] : ''}`}
                  onClick={() => setCover(story.id)}
                >
                  <CachedImg
                    className={styles.coverPhoto}
                    src={story.thumb_url ?? story.image_url}
                    alt=""
                    draggable={false}
                  />
                </button>
              ))}
            </div>
          </>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {message(error)}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={styles.save}
            onClick={() => void save()}
            disabled={saving}
          >
            {highlight ? t('highlights.save') : t('highlights.add')}
          </button>
        </div>
      </div>
    </Modal>
  )
}
