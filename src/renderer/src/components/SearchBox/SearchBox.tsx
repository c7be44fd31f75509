// The header's people search: type-ahead over usernames and full names (case and accents
// ignored), ↑/↓ to move, Enter to open, Esc to close (and leave the box: the page's shortcuts
// work again), and the people recently opened from it
// (per user, on this device) when the box is empty. A combobox with a listbox popup, as ARIA
// describes it, so screen readers announce the active option.

import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactElement } from 'react'
import { usePeople, usePeopleByIds, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { profileRoute } from '../../store/router/routes'
import { Avatar } from '../Avatar/Avatar'
import {
  clearRecentSearches,
  loadRecentSearches,
  saveRecentSearch,
  type RecentPerson
} from './recentSearches'
import styles from './SearchBox.module.scss'

/** Wait for a pause in typing before asking; well inside the 150 ms the issue allows. */
const TYPING_PAUSE_MS = 100

export function SearchBox(): ReactElement {
  const { people, router } = useStores()
  const userId = useSession(selectUserId)
  const search = usePeople((state) => state.search)
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  // Bumped when the stored list changes, so it is read again.
  const [recentVersion, setRecentVersion] = useState(0)
  const recent = useMemo(
    () => loadRecentSearches(localStorage, userId),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recentVersion marks a write
    [userId, recentVersion]
  )
  const listId = useId()

  useEffect(() => {
    const timer = setTimeout(() => void people.getState().searchPeople(text), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [people, text])

  const showingRecent = text.trim() === ''
  const current = search.query === text.trim()
  const found = usePeopleByIds(search.results)
  const options: RecentPerson[] = showingRecent ? recent : current ? found : []

  const choose = (person: RecentPerson): void => {
    saveRecentSearch(localStorage, userId, person)
    setRecentVersion((version) => version + 1)
    setOpen(false)
    setText('')
    router.getState().navigate(profileRoute(person.username))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index + step + options.length) % options.length)
    } else if (event.key === 'Enter') {
      const person = options[active] ?? (showingRecent ? undefined : options[0])
      if (person) {
        event.preventDefault()
        choose(person)
      }
    } else if (event.key === 'Escape') {
      if (open) event.stopPropagation()
      setOpen(false)
      setActive(-1)
      // Leaving the box hands the keys back to the page, so its shortcuts work again.
      event.currentTarget.blur()
    }
  }

  const optionId = (index: number): string => `${listId}-option-${index}`
  let status: string | null = null
  if (!showingRecent && current && search.status === 'ready' && options.length === 0)
    status = 'No results'
  else if (!showingRecent && (!current || search.status === 'loading') && options.length === 0)
    status = 'Searching…'
  else if (!showingRecent && search.status === 'failed') status = "Couldn't search. Try again."
  else if (showingRecent && recent.length === 0) status = 'No recent searches.'

  return (
    <div
      className={styles.box}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <input
        className={styles.input}
        type="search"
        placeholder="Search"
        aria-label="Search people"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setActive(-1)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div className={styles.popup}>
          {showingRecent && recent.length > 0 && (
            <div className={styles.recentHeader}>
              <span>Recent</span>
              <button
                type="button"
                className={styles.clear}
                onClick={() => {
                  clearRecentSearches(localStorage, userId)
                  setRecentVersion((version) => version + 1)
                }}
              >
                Clear all
              </button>
            </div>
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label={showingRecent ? 'Recent searches' : 'Search results'}
            className={styles.list}
          >
            {options.map((person, index) => (
              <li
                key={person.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`${styles.option} ${index === active ? styles['option--active'] : ''}`}
                // Keeps focus in the input, so the popup does not close before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(person)}
              >
                <Avatar
                  src={person.avatar_url}
                  name={person.username}
                  personId={person.id}
                  size={36}
                  decorative
                />
                <span className={styles.names}>
                  <span className={styles.username}>{person.username}</span>
                  {person.full_name && <span className={styles.fullName}>{person.full_name}</span>}
                </span>
              </li>
            ))}
          </ul>
          {status && (
            <p className={styles.status} role="status">
              {status}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
