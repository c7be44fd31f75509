// One person in a list (suggestions, followers, following): avatar and names linking to their
// profile, and their own follow button.

import type { ReactElement, ReactNode } from 'react'
import { usePeople, usePerson } from '../../store'
import type { Person } from '../../store/people/personEntities'
import { PersonAvatar } from '../Avatar/Avatar'
import { FollowButton } from '../FollowButton/FollowButton'
import { PersonLink } from '../PersonLink/PersonLink'
import styles from './PersonRow.module.scss'

export interface PersonRowProps {
  /** Who, by id: the people store holds the person, so a new name or avatar shows at once. */
  personId: string
  avatarSize?: number
  /** A second line instead of the full name (e.g. "Followed by 2 people you follow"). */
  detail?: (person: Person) => ReactNode
  followVariant?: 'button' | 'link'
}

export function PersonRow({
  personId,
  avatarSize = 44,
  detail,
  followVariant = 'button'
}: PersonRowProps): ReactElement | null {
  const person = usePerson(personId)
  const followers = usePeople((state) => state.followerCounts[personId] ?? 0)
  if (!person) return null
  return (
    <li className={styles.row}>
      <PersonLink username={person.username} duplicate className={styles.avatarLink}>
        <PersonAvatar person={person} size={avatarSize} />
      </PersonLink>
      <div className={styles.names}>
        <PersonLink username={person.username} className={styles.username}>
          {person.username}
        </PersonLink>
        <span className={styles.detail}>{detail ? detail(person) : person.full_name}</span>
      </div>
      <FollowButton person={{ ...person, followers_count: followers }} variant={followVariant} />
    </li>
  )
}
