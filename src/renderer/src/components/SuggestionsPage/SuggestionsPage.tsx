// "See All": the full suggestions list, ranked by the database (followed by people you follow,
// then recent activity).

import { useEffect, type ReactElement } from 'react'
import { SUGGESTIONS_PAGE_SIZE } from '@shared/limits'
import { usePeople, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { PersonRow } from '../PersonRow/PersonRow'
import { useT } from '../../i18n'
import { followedByText } from '../SidePanel/suggestionText'
import styles from '../ConnectionsPage/ConnectionsPage.module.scss'

export function SuggestionsPage(): ReactElement {
  const { people } = useStores()
  const userId = useSession(selectUserId)
  const suggestions = usePeople((state) => state.suggestions)
  const status = usePeople((state) => state.suggestionsStatus)
  const t = useT()

  useEffect(() => {
    void people.getState().loadSuggestions(SUGGESTIONS_PAGE_SIZE)
  }, [people, userId])

  return (
    <main className={styles.page}>
      <div className={styles.top}>
        <h1 className={styles.title}>{t('people.suggestedForYou')}</h1>
      </div>
      <ul className={styles.list} aria-label={t('people.suggestedPeople')}>
        {suggestions.map((person) => (
          <PersonRow
            key={person.id}
            personId={person.id}
            detail={(shown) => followedByText(t, person.followed_by_count, shown.full_name)}
          />
        ))}
      </ul>
      {status === 'loading' && suggestions.length === 0 && (
        <p className={styles.message} role="status">
          {t('people.suggestionsLoading')}
        </p>
      )}
      {status === 'ready' && suggestions.length === 0 && (
        <p className={styles.message}>{t('people.followingEveryone')}</p>
      )}
      {status === 'failed' && (
        <p className={styles.message} role="alert">
          {t('people.suggestionsFailed')}
        </p>
      )}
    </main>
  )
}
