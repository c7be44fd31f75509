// A short list of people to follow, ranked by the database (the side panel's suggestions), each
// with their own Follow button: the Following feed's empty state and the welcome's second step.

import type { ReactElement } from 'react'
import { SUGGESTION_COUNT } from '@shared/limits'
import { PersonRow } from '../PersonRow/PersonRow'
import { useT } from '../../i18n'
import { followedByText } from '../SidePanel/suggestionText'
import { useSuggestions } from '../SidePanel/useSuggestions'
import styles from './SuggestedPeople.module.scss'

export function SuggestedPeople({ label }: { label: string }): ReactElement | null {
  const { suggestions, suggestionsStatus: status } = useSuggestions()
  const t = useT()

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
