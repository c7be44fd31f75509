// Settings › Close friends: the people who see the stories posted for close friends. Nobody is
// told they were added; the list is private (the database keeps it so).

import { useEffect, useState, type ReactElement } from 'react'
import type { CloseFriend } from '../../services/types'
import { useControls, useStores } from '../../store'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { PersonAvatar } from '../Avatar/Avatar'
import section from './SettingsSection.module.scss'
import styles from './WordList.module.scss'

const TYPING_PAUSE_MS = 250

function PersonLine({ person, action }: { person: CloseFriend; action: ReactElement }) {
  return (
    <li className={styles.word}>
      <span className={section.row}>
        <PersonAvatar person={person} size={32} />
        <span>
          <strong>{person.username}</strong>
          {person.full_name && <span className={section.muted}> {person.full_name}</span>}
        </span>
      </span>
      {action}
    </li>
  )
}

export function CloseFriendsSection(): ReactElement {
  const { controls } = useStores()
  const friends = useControls((state) => state.closeFriends)
  const error = useControls((state) => state.error)
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<CloseFriend[]>([])
  const [searchError, setSearchError] = useState<Text | null>(null)
  const t = useT()
  const translate = useMessage()

  useEffect(() => void controls.getState().loadCloseFriends(), [controls])

  useEffect(() => {
    if (!query.trim()) return
    let cancelled = false
    const timer = setTimeout(() => {
      controls
        .getState()
        .findPeople(query)
        .then(
          (people) => !cancelled && (setFound(people), setSearchError(null)),
          (caught: unknown) =>
            !cancelled &&
            setSearchError(errorText(caught, phrase('settings.closeFriends.searchFailed')))
        )
    }, TYPING_PAUSE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [controls, query])

  const listed = new Set((friends ?? []).map((friend) => friend.id))
  // An emptied field shows no results, whatever the last search found.
  const candidates = query.trim() ? found.filter((person) => !listed.has(person.id)) : []

  return (
    <>
      <p className={section.intro}>{t('settings.closeFriends.intro')}</p>
      <input
        className={styles.field}
        type="search"
        aria-label={t('settings.closeFriends.search')}
        placeholder={t('settings.closeFriends.search')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {searchError && <p className={styles.error}>{translate(searchError)}</p>}
      {candidates.length > 0 && (
        <ul className={styles.list} aria-label={t('settings.closeFriends.toAdd')}>
          {candidates.map((person) => (
            <PersonLine
              key={person.id}
              person={person}
              action={
                <button
                  type="button"
                  className={section.secondary}
                  aria-label={t('settings.closeFriends.addLabel', { username: person.username })}
                  onClick={() => void controls.getState().addCloseFriend(person)}
                >
                  {t('settings.closeFriends.add')}
                </button>
              }
            />
          ))}
        </ul>
      )}
      <h3 className={section.subtitle}>{t('settings.closeFriends.yours')}</h3>
      {error && (
        <p className={styles.error} role="alert">
          {translate(error)}
        </p>
      )}
      {friends === null ? (
        <p className={styles.empty}>{t('settings.loading')}</p>
      ) : friends.length === 0 ? (
        <p className={styles.empty}>{t('settings.closeFriends.none')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('settings.closeFriends.yours')}>
          {friends.map((person) => (
            <PersonLine
              key={person.id}
              person={person}
              action={
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('settings.closeFriends.removeLabel', { username: person.username })}
                  onClick={() => void controls.getState().removeCloseFriend(person.id)}
                >
                  {t('settings.closeFriends.remove')}
                </button>
              }
            />
          ))}
        </ul>
      )}
    </>
  )
}
