// A search over people that collects the ones picked: "New message" starts a thread with them,
// the share sheet sends a post to them.

import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { PersonSummary } from '@shared/domain'
import { useStores } from '../../store'
import { PersonAvatar } from '../Avatar/Avatar'
import { useT } from '../../i18n'
import styles from './DirectPeoplePicker.module.scss'

const RESULTS = 8

export interface DirectPeoplePickerProps {
  picked: PersonSummary[]
  onChange(picked: PersonSummary[]): void
  /** People never offered (the reader). */
  exclude: string[]
  label?: string
  /** The search field takes focus as the picker appears ("New message" opens to type a name). */
  focusOnOpen?: boolean
}

export function DirectPeoplePicker({
  picked,
  onChange,
  exclude,
  label,
  focusOnOpen = false
}: DirectPeoplePickerProps): ReactElement {
  const { direct } = useStores()
  const t = useT()
  const [query, setQuery] = useState('')
  const search = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (focusOnOpen) search.current?.focus()
    // Only as it appears: focus is the user's from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const [results, setResults] = useState<PersonSummary[]>([])

  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      if (!query.trim()) return setResults([])
      direct
        .getState()
        .search(query, RESULTS)
        .then((people) => current && setResults(people))
        .catch(() => current && setResults([]))
    }, 150)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [direct, query])

  const toggle = (person: PersonSummary): void =>
    onChange(
      picked.some((p) => p.id === person.id)
        ? picked.filter((p) => p.id !== person.id)
        : [...picked, person]
    )
  const shown = results.filter((person) => !exclude.includes(person.id))

  return (
    <div className={styles.picker}>
      {picked.length > 0 && (
        <ul className={styles.chips} aria-label={t('direct.selectedPeople')}>
          {picked.map((person) => (
            <li key={person.id}>
              <button type="button" className={styles.chip} onClick={() => toggle(person)}>
                {person.username} <span aria-hidden>×</span>
                <span className={styles.hidden}>{t('direct.remove')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={search}
        className={styles.input}
        type="search"
        aria-label={label ?? t('search.people')}
        placeholder={t('direct.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ul className={styles.results} aria-label={t('direct.people')}>
        {shown.map((person) => {
          const selected = picked.some((p) => p.id === person.id)
          return (
            <li key={person.id}>
              <button
                type="button"
                className={styles.result}
                aria-pressed={selected}
                onClick={() => toggle(person)}
              >
                <PersonAvatar person={person} size={32} />
                <span className={styles.names}>
                  <span className={styles.username}>{person.username}</span>
                  {person.full_name && <span className={styles.full}>{person.full_name}</span>}
                </span>
                <span className={styles.check} aria-hidden>
                  {selected ? '✓' : ''}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
