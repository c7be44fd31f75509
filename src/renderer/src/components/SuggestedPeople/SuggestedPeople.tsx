// A short list of people to follow, ranked by the database (the side panel's suggestions), each
// with their own Follow button: the Following feed's empty state and the welcome's second step.

import { useEffect, type ReactElement } from 'react'
import { SUGGESTION_COUNT } from '@shared/limits'
import { usePeople, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { PersonRow } from '../PersonRow/PersonRow'
import { useT } from '../../i18n'
import { followedByText } from '../SidePanel/suggestionText'
import styles from './SuggestedPeople.module.scss'

export function SuggestedPeople({ label }: { label: string }): ReactElement | null {
  const { people } = useStores()
  const userId = useSession(selectUserId)
  const suggestions = usePeople((state) => state.suggestions)
  const status = usePeople((state) => state.suggestionsStatus)
  const t = useT()

  useEffect(() => {
    if (userId) void people.getState().loadSuggestions(SUGGESTION_COUNT)
  }, [people, userId])

  if (status === 'ready' && suggestions.length === 0) {
    return <p className={styles.none}>{t('people.noSuggestions')}</p>
  }
  return (
    <ul className={styles.list} aria-label={label} aria-busy={status === 'loading'}>
      {suggestions.slice(0, SUGGESTION_COUNT).map((person) => (
        <PersonRow
          key={person.id}
          personId={person.id}
          detail={(shown) => followedByText(t, person.followed_by_count, shown.full_name)}
        />
      ))}
    </ul>
  )
}
