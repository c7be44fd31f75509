// The header's search: type-ahead in three tabs, Accounts (usernames and full names, case and
// accents ignored), Tags (hashtags starting with what was typed, the most used first) and Places
// (place names starting with or containing it, case and accents ignored); ↑/↓ to
// move, Enter to open, Esc to close (and leave the box: the page's shortcuts work again). While
// the box is empty each tab lists what was recently opened from it (per user, on this device).
// A combobox with a listbox popup, as ARIA describes it, so screen readers announce the active
// option; the tabs are a tablist (←/→ move between them) whose panel holds the listbox.

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { Hash, MapPin } from 'lucide-react'
import { useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { placeRoute, profileRoute, tagRoute, type Route } from '../../store/router/routes'
import { PersonAvatar } from '../Avatar/Avatar'
import { postCountLabel } from '../BrowseView/TagHeader'
import {
  clearRecentPlaces,
  clearRecentSearches,
  clearRecentTags,
  saveRecentPlace,
  saveRecentSearch,
  saveRecentTag
} from './recentSearches'
import { useSearchOptions, type SearchOption, type SearchTab } from './useSearchOptions'
import { useLocale, useT } from '../../i18n'
import { isRightToLeft, tabListIndex } from '../../keyboard/readingDirection'
import styles from './SearchBox.module.scss'
import { arrowToOption, ListOption } from '../ListOption/ListOption'

/** Wait for a pause in typing before asking; well inside the 150 ms the issue allows. */
const TYPING_PAUSE_MS = 100

const TABS = [
  { id: 'accounts', label: 'search.accounts', input: 'search.people' },
  { id: 'tags', label: 'search.tags', input: 'search.hashtags' },
  { id: 'places', label: 'places.tab', input: 'places.searchInput' }
] as const satisfies readonly { id: SearchTab; label: string; input: string }[]

/** Where choosing an option goes, remembering it in its tab's recent searches. */
function remember(option: SearchOption, userId: string | null): Route {
  switch (option.kind) {
    case 'person':
      saveRecentSearch(localStorage, userId, option.person)
      return profileRoute(option.person.username)
    case 'tag':
      saveRecentTag(localStorage, userId, option.tag)
      return tagRoute(option.tag)
    case 'place':
      saveRecentPlace(localStorage, userId, option.place)
      return placeRoute(option.place.id)
  }
}

export function SearchBox(): ReactElement {
  const { people, hashtags, places, router } = useStores()
  const t = useT()
  const userId = useSession(selectUserId)
  const [text, setText] = useState('')
  const [tab, setTab] = useState<SearchTab>('accounts')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [recentVersion, setRecentVersion] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const tabRefs = useRef<Partial<Record<SearchTab, HTMLButtonElement | null>>>({})
  const listId = useId()
  const { options, showingRecent, status } = useSearchOptions(tab, text, userId, recentVersion)

  useEffect(() => {
    const timer = setTimeout(() => {
      if (tab === 'accounts') void people.getState().searchPeople(text)
      else if (tab === 'places') void places.getState().searchPlaces(text)
      else void hashtags.getState().searchTags(text)
    }, TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [people, hashtags, places, text, tab])

  const choose = (option: SearchOption): void => {
    const route = remember(option, userId)
    setRecentVersion((version) => version + 1)
    setOpen(false)
    setText('')
    router.getState().navigate(route)
  }

  const selectTab = (next: SearchTab, focus: 'tab' | 'input'): void => {
    setTab(next)
    setActive(-1)
    if (focus === 'tab') tabRefs.current[next]?.focus()
    else input.current?.focus()
  }

  const close = (event: KeyboardEvent): void => {
    if (open) event.stopPropagation()
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (arrowToOption(event, options.length, () => setOpen(true), setActive)) return
    if (event.key === 'Enter') {
      const option = options[active] ?? (showingRecent ? undefined : options[0])
      if (option) {
        event.preventDefault()
        choose(option)
      }
    } else if (event.key === 'Escape') {
      close(event)
      // Leaving the box hands the keys back to the page, so its shortcuts work again.
      event.currentTarget.blur()
    }
  }

  // The tablist's keys, as ARIA's tabs pattern has them: arrows (along the reading direction),
  // Home and End select and focus.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    const index = TABS.findIndex((entry) => entry.id === tab)
    const to = tabListIndex(event.key, index, TABS.length, isRightToLeft(event.currentTarget))
    if (to !== null) {
      event.preventDefault()
      selectTab(TABS[to].id, 'tab')
    } else if (event.key === 'Escape') {
      // Back to the box first: focusing it opens the panel, which Escape then closes.
      input.current?.focus()
      close(event)
    }
  }

  const optionId = (index: number): string => `${listId}-option-${index}`
  const tabId = (id: SearchTab): string => `${listId}-tab-${id}`
  const clearRecent = (): void => {
    if (tab === 'accounts') clearRecentSearches(localStorage, userId)
    else if (tab === 'places') clearRecentPlaces(localStorage, userId)
    else clearRecentTags(localStorage, userId)
    setRecentVersion((version) => version + 1)
  }

  return (
    <div
      className={styles.box}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <input
        ref={input}
        className={styles.input}
        type="search"
        placeholder={t('search.placeholder')}
        aria-label={t(TABS.find((entry) => entry.id === tab)!.input)}
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
          <div role="tablist" aria-label={t('search.searchFor')} className={styles.tabs}>
            {TABS.map((entry) => (
              <button
                key={entry.id}
                ref={(element) => {
                  tabRefs.current[entry.id] = element
                }}
                type="button"
                role="tab"
                id={tabId(entry.id)}
                aria-selected={entry.id === tab}
                aria-controls={`${listId}-panel`}
                tabIndex={entry.id === tab ? 0 : -1}
                className={`${styles.tab} ${entry.id === tab ? styles['tab--selected'] : ''}`}
                onClick={() => selectTab(entry.id, 'input')}
                onKeyDown={onTabKeyDown}
              >
                {t(entry.label)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${listId}-panel`} aria-labelledby={tabId(tab)}>
            {showingRecent && options.length > 0 && (
              <div className={styles.recentHeader}>
                <span>{t('search.recent')}</span>
                <button type="button" className={styles.clear} onClick={clearRecent}>
                  {t('search.clearAll')}
                </button>
              </div>
            )}
            <ul
              id={listId}
              role="listbox"
              aria-label={showingRecent ? t('search.recentSearches') : t('search.results')}
              className={styles.list}
            >
              {options.map((option, index) => (
                <ListOption
                  key={option.key}
                  id={optionId(index)}
                  active={index === active}
                  className={styles.option}
                  activeClassName={styles['option--active']}
                  onPick={() => choose(option)}
                >
                  <OptionContent option={option} />
                </ListOption>
              ))}
            </ul>
            {status && (
              <p className={styles.status} role="status">
                {t(status)}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  )
}

function OptionContent({ option }: { option: SearchOption }): ReactElement {
  const t = useT()
  const locale = useLocale()
  if (option.kind === 'place') {
    return (
      <>
        <span className={styles.tagIcon} aria-hidden>
          <MapPin size={18} />
        </span>
        <span className={styles.names}>
          <span className={styles.username}>{option.place.name}</span>
        </span>
      </>
    )
  }
  if (option.kind === 'tag') {
    return (
      <>
        <span className={styles.tagIcon} aria-hidden>
          <Hash size={18} />
        </span>
        <span className={styles.names}>
          <span className={styles.username}>#{option.tag}</span>
          {option.posts !== undefined && (
            <span className={styles.fullName}>{postCountLabel(t, option.posts, locale)}</span>
          )}
        </span>
      </>
    )
  }
  const { person } = option
  return (
    <>
      <PersonAvatar person={person} size={36} />
      <span className={styles.names}>
        <span className={styles.username}>{person.username}</span>
        {person.full_name && <span className={styles.fullName}>{person.full_name}</span>}
      </span>
    </>
  )
}
