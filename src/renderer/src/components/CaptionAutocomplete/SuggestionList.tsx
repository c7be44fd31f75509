// The list of suggestions under a field (the caption's @ and #, the tag picker's people): an
// ARIA listbox whose options the field points at with aria-activedescendant. A pointer pick
// keeps the focus in the field.

import type { ReactElement } from 'react'
import { Avatar } from '../Avatar/Avatar'
import type { Suggestion } from './useSuggestions'
import styles from './CaptionAutocomplete.module.scss'
import { ListOption } from '../ListOption/ListOption'

export interface SuggestionListProps {
  id: string
  label: string
  suggestions: readonly Suggestion[]
  active: number
  onPick(index: number): void
}

export const optionId = (listId: string, index: number): string => `${listId}-option-${index}`

export function SuggestionList({
  id,
  label,
  suggestions,
  active,
  onPick
}: SuggestionListProps): ReactElement {
  return (
    <ul id={id} className={styles.list} role="listbox" aria-label={label}>
      {suggestions.map((suggestion, index) => (
        <ListOption
          key={suggestion.key}
          id={optionId(id, index)}
          active={index === active}
          className={styles.option}
          activeClassName={styles['option--active']}
          onPick={() => onPick(index)}
        >
          {suggestion.person && (
            <Avatar
              src={suggestion.person.avatarUrl}
              name={suggestion.value}
              personId={suggestion.person.id}
              size={28}
              decorative
            />
          )}
          <span className={styles.optionText}>
            <span className={styles.optionLabel}>{suggestion.label}</span>
            {suggestion.detail && <span className={styles.optionDetail}>{suggestion.detail}</span>}
          </span>
        </ListOption>
      ))}
    </ul>
  )
}
