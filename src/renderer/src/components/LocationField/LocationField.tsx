// The "Add location" field of the create screen and of a post's edit form (docs/product.md,
// "Location"): a place search with a map pin, as on Instagram. Typing lists the places whose
// name starts with or contains the text (case and accents ignored); choosing one takes its
// name, and a name no place has is offered as a new place, which the database adds when the
// post is shared. ↑/↓ move, Enter chooses, Escape closes the list. A combobox with a listbox,
// as ARIA describes it; the list floats over what follows, so closing it on blur moves
// nothing under the pointer (a click on Share lands). Optional: empty means no location. The n/100 counter shows while it
// holds text; typing stops at the limit, and the database refuses a longer one anyway.

import { useEffect, useId, useState, type KeyboardEvent, type ReactElement } from 'react'
import { MapPin, Plus } from 'lucide-react'
import { MAX_LOCATION_LENGTH } from '@shared/limits'
import { useT } from '../../i18n'
import { usePlaces, useStores } from '../../store'
import styles from './LocationField.module.scss'
import { arrowToOption, ListOption } from '../ListOption/ListOption'

/** Wait for a pause in typing before asking, as the search box does. */
const TYPING_PAUSE_MS = 100

export interface LocationFieldProps {
  value: string
  onChange(location: string): void
  disabled?: boolean
  /** Shown in the edit form, whose other fields have theirs; the create screen reads as Instagram's. */
  labelVisible?: boolean
  /** The post view stops its own keys (←/→, Escape) while one types here. */
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void
}

/** A name as the database matches it: no case, no accents, one space between words. */
export const foldPlaceName = (name: string): string =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

interface Option {
  key: string
  name: string
  isNew: boolean
}

export function LocationField({
  value,
  onChange,
  disabled,
  labelVisible = false,
  onKeyDown
}: LocationFieldProps): ReactElement {
  const t = useT()
  const { places } = useStores()
  const search = usePlaces((state) => state.search)
  const id = useId()
  const listId = `${id}-places`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const length = [...value].length
  const typed = value.trim()

  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => void places.getState().searchPlaces(typed), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [places, typed, open])

  const current = typed !== '' && search.query === typed
  const found = current ? search.results : []
  const options: Option[] = found.map((place) => ({
    key: place.id,
    name: place.name,
    isNew: false
  }))
  const exists = found.some((place) => foldPlaceName(place.name) === foldPlaceName(typed))
  if (current && search.status === 'ready' && !exists) {
    options.push({ key: 'new', name: typed.replace(/\s+/g, ' '), isNew: true })
  }
  const shown = open && typed !== '' && !disabled
  let status: string | null = null
  if (shown && !current) status = t('places.searching')
  else if (shown && search.status === 'failed') status = t('places.searchFailed')

  const choose = (option: Option): void => {
    onChange(option.name)
    setOpen(false)
    setActive(-1)
  }

  const keyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    arrowToOption(event, options.length, () => setOpen(true), setActive)
    if (event.key === 'Enter' && shown && options[active]) {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape' && shown) {
      // Closes the list, not the dialog or post view around it.
      event.stopPropagation()
      setOpen(false)
      setActive(-1)
      return
    }
    onKeyDown?.(event)
  }

  const optionId = (index: number): string => `${listId}-${index}`

  return (
    <div
      className={styles.field}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <label className={labelVisible ? styles['label--visible'] : styles.label} htmlFor={id}>
        {t('places.label')}
      </label>
      <div className={styles.combo}>
        <div className={styles.row}>
          <input
            id={id}
            className={styles.input}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown && options.length > 0}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            placeholder={t('places.addLocation')}
            autoComplete="off"
            value={value}
            maxLength={MAX_LOCATION_LENGTH}
            disabled={disabled}
            onChange={(event) => {
              onChange(event.target.value)
              setOpen(true)
              setActive(-1)
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={keyDown}
          />
          <MapPin className={styles.pin} size={18} aria-hidden />
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={t('places.suggestions')}
          className={styles.options}
          hidden={!shown || options.length === 0}
        >
          {shown &&
            options.map((option, index) => (
              <ListOption
                key={option.key}
                id={optionId(index)}
                active={index === active}
                className={styles.option}
                activeClassName={styles['option--active']}
                onPick={() => choose(option)}
              >
                {option.isNew ? (
                  <Plus size={16} aria-hidden className={styles.optionIcon} />
                ) : (
                  <MapPin size={16} aria-hidden className={styles.optionIcon} />
                )}
                <span className={styles.optionName}>
                  {option.isNew ? t('places.newPlace', { name: option.name }) : option.name}
                </span>
              </ListOption>
            ))}
        </ul>
        {status && (
          <p className={styles.status} role="status">
            {status}
          </p>
        )}
      </div>
      {length > 0 && (
        <p className={styles.counter} data-testid="location-counter">
          {length}/{MAX_LOCATION_LENGTH}
        </p>
      )}
    </div>
  )
}
