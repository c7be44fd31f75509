// "Tag people" on the create screen (docs/product.md, "People tags and caption suggestions"):
// over the photo as it will be posted, a click on a point (or "Tag at the centre" from the
// keyboard) opens a search for a person there; picking one places a label, which has its own
// remove button. Points are fractions of the photo (photoRect), the same the cards show.

import { useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { X } from 'lucide-react'
import { SuggestionList, optionId } from '../../CaptionAutocomplete/SuggestionList'
import { useSuggestions } from '../../CaptionAutocomplete/useSuggestions'
import {
  photoContentRect,
  pointInBox,
  pointOfPhoto,
  type PhotoFit,
  type PhotoSize
} from '../../PeopleTags/photoRect'
import { useBoxSize } from '../../PeopleTags/useBoxSize'
import styles from './TagPeople.module.scss'
import { useT } from '../../../i18n'

/** A tag placed on a photo being prepared. */
export interface DraftTag {
  userId: string
  username: string
  x: number
  y: number
}

export interface TagPeopleSurfaceProps {
  tags: readonly DraftTag[]
  /** Places a tag; answers why it cannot be (the 20-people limit), or null. */
  onAdd(tag: DraftTag): string | null
  onRemove(userId: string): void
  photo: PhotoSize | null
  fit: PhotoFit
}

export function TagPeopleSurface({
  tags,
  onAdd,
  onRemove,
  photo,
  fit
}: TagPeopleSurfaceProps): ReactElement {
  const surface = useRef<HTMLDivElement>(null)
  const listId = useId()
  const t = useT()
  const [point, setPoint] = useState<{ x: number; y: number } | null>(null)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const suggestions = useSuggestions(point && query.trim() ? { kind: 'mention', query } : null)
  const current = Math.min(active, suggestions.length - 1)

  const rect = photoContentRect(useBoxSize(surface), photo, fit)
  const place = (at: { x: number; y: number }): void => {
    setPoint(at)
    setQuery('')
    setActive(0)
    setProblem(null)
  }
  const pick = (index: number): void => {
    const person = suggestions[index]
    if (!point || !person?.person) return
    const refused = onAdd({ userId: person.person.id, username: person.value, ...point })
    setProblem(refused)
    if (!refused) setPoint(null)
  }
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setPoint(null)
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length) {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current + step + suggestions.length) % suggestions.length)
    } else if (event.key === 'Enter' && suggestions.length) {
      event.preventDefault()
      pick(current)
    }
  }

  const at = (x: number, y: number): { left: number; top: number } => pointInBox(rect, x, y)
  const open = suggestions.length > 0

  return (
    <div
      ref={surface}
      className={styles.surface}
      data-testid="tag-surface"
      // The crop's drag must not start under a tagging click.
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        if (event.target !== surface.current) return
        const bounds = surface.current.getBoundingClientRect()
        const clicked = pointOfPhoto(rect, event.clientX - bounds.left, event.clientY - bounds.top)
        if (clicked) place(clicked)
      }}
    >
      {tags.map((tag) => (
        <span key={tag.userId} className={styles.label} style={at(tag.x, tag.y)}>
          {tag.username}
          <button
            type="button"
            className={styles.remove}
            aria-label={t('create.tags.remove', { username: tag.username })}
            onClick={() => onRemove(tag.userId)}
          >
            <X size={12} aria-hidden />
          </button>
        </span>
      ))}
      {point && <span className={styles.marker} style={at(point.x, point.y)} aria-hidden />}
      {point && (
        <div
          className={styles.picker}
          role="group"
          aria-label={t('create.tags.tagPerson')}
          // Typing here must not move the crop underneath; Tab stays the dialog's.
          onKeyDown={(event) => event.key !== 'Tab' && event.stopPropagation()}
        >
          <input
            className={styles.search}
            type="search"
            role="combobox"
            aria-label={t('create.tags.search')}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open ? optionId(listId, current) : undefined}
            placeholder={t('create.tags.searchPlaceholder')}
            autoFocus
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setActive(0)
            }}
            onKeyDown={onSearchKey}
          />
          {open && (
            <SuggestionList
              id={listId}
              label={t('create.tags.people')}
              suggestions={suggestions}
              active={current}
              onPick={pick}
            />
          )}
          {problem && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      <div className={styles.bar}>
        <p className={styles.hint}>{t('create.tags.hint')}</p>
        <button type="button" className={styles.centre} onClick={() => place({ x: 0.5, y: 0.5 })}>
          {t('create.tags.centre')}
        </button>
      </div>
    </div>
  )
}
