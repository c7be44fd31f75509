// The highlights under a profile's bio (docs/product.md, "Profile"): 64 px circles with their
// names under them, each playing its stories in the story viewer; on one's own profile a "New"
// circle with a plus, and beside each circle a small menu to edit, move or delete it. What
// shows is what the database lets the reader see (a private account's to approved followers,
// nobody's across a block, close-friends stories to close friends).

import { useEffect, useState, type ReactElement } from 'react'
import { MoreHorizontal, Plus } from 'lucide-react'
import type { StoryHighlight } from '@shared/domain'
import { useHighlights, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { CachedImg } from '../CachedImg/CachedImg'
import { HighlightEditor } from '../HighlightEditor/HighlightEditor'
import { useT } from '../../i18n'
import styles from './ProfileHighlights.module.scss'

const NONE: StoryHighlight[] = []

function HighlightMenu({
  highlight,
  first,
  last,
  onEdit
}: {
  highlight: StoryHighlight
  first: boolean
  last: boolean
  onEdit(): void
}): ReactElement {
  const { highlights } = useStores()
  const t = useT()
  const title = highlight.title
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const act = (run: () => void) => () => {
    setOpen(false)
    setConfirming(false)
    run()
  }
  return (
    <div className={styles.menuWrap}>
      <button
        type="button"
        className={styles.menuButton}
        aria-label={t('highlights.optionsFor', { title })}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        <MoreHorizontal size={16} aria-hidden />
      </button>
      {open && (
        <div className={styles.menu} role="group" aria-label={t('highlights.named', { title })}>
          <button type="button" onClick={act(onEdit)}>
            {t('highlights.edit')}
          </button>
          {!first && (
            <button
              type="button"
              onClick={act(() => void highlights.getState().move(highlight.id, -1))}
            >
              {t('highlights.moveEarlier')}
            </button>
          )}
          {!last && (
            <button
              type="button"
              onClick={act(() => void highlights.getState().move(highlight.id, 1))}
            >
              {t('highlights.moveLater')}
            </button>
          )}
          {confirming ? (
            <button
              type="button"
              className={styles.danger}
              onClick={act(() => void highlights.getState().remove(highlight.id))}
            >
              {t('highlights.deleteNamed', { title })}
            </button>
          ) : (
            <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
              {t('highlights.delete')}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

export function ProfileHighlights({
  personId,
  own
}: {
  personId: string
  own: boolean
}): ReactElement | null {
  const { highlights } = useStores()
  const t = useT()
  const signedIn = useSession(selectUserId) !== null
  const list = useHighlights((state) => state.byPerson[personId] ?? NONE)
  // null: closed; 'new': making one; else the id of the one being edited.
  const [editing, setEditing] = useState<string | null>(null)

  useEffect(() => {
    if (signedIn) void highlights.getState().loadHighlights(personId)
  }, [highlights, personId, signedIn])

  if (!signedIn || (list.length === 0 && !own)) return null
  const edited = editing && editing !== 'new' ? list.find((held) => held.id === editing) : null
  return (
    <section className={styles.row} aria-label={t('highlights.label')}>
      <ul className={styles.list}>
        {list.map((highlight, index) => (
          <li key={highlight.id} className={styles.item}>
            <button
              type="button"
              className={styles.circle}
              aria-label={t('highlights.open', { title: highlight.title })}
              onClick={() => void highlights.getState().openHighlight(personId, highlight.id)}
            >
              <span className={styles.cover}>
                {highlight.cover_url && (
                  <CachedImg
                    className={styles.photo}
                    src={highlight.cover_url}
                    alt=""
                    draggable={false}
                  />
                )}
              </span>
              <span className={styles.name}>{highlight.title}</span>
            </button>
            {own && (
              <HighlightMenu
                highlight={highlight}
                first={index === 0}
                last={index === list.length - 1}
                onEdit={() => setEditing(highlight.id)}
              />
            )}
          </li>
        ))}
        {own && (
          <li className={styles.item}>
            <button
              type="button"
              className={styles.circle}
              aria-label={t('highlights.new')}
              onClick={() => setEditing('new')}
            >
              <span className={`${styles.cover} ${styles['cover--new']}`}>
                <Plus size={28} strokeWidth={1.5} aria-hidden />
              </span>
              <span className={styles.name}>{t('highlights.newShort')}</span>
            </button>
          </li>
        )}
      </ul>
      {editing && (editing === 'new' || edited) && (
        <HighlightEditor highlight={edited ?? null} onClose={() => setEditing(null)} />
      )}
    </section>
  )
}
