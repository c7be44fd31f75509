// One person in a list (suggestions, followers, following): avatar and names linking to their
// profile, and their own follow button.

import type { ReactElement, ReactNode } from 'react'
import type { PersonSummary } from '@shared/domain'
import { Avatar } from '../Avatar/Avatar'
import { FollowButton } from '../FollowButton/FollowButton'
import { PersonLink } from '../PersonLink/PersonLink'
import styles from './PersonRow.module.scss'

export interface PersonRowProps {
  person: PersonSummary
  avatarSize?: number
  /** A second line instead of the full name (e.g. "Followed by 2 people you follow"). */
  detail?: ReactNode
  followVariant?: 'button' | 'link'
}

export function PersonRow({
  person,
  avatarSize = 44,
  detail,
  followVariant = 'button'
}: PersonRowProps): ReactElement {
  return (
    <li className={styles.row}>
      <PersonLink username={person.username} duplicate className={styles.avatarLink}>
        <Avatar src={person.avatar_url} name={person.username} size={avatarSize} decorative />
      </PersonLink>
      <div className={styles.names}>
        <PersonLink username={person.username} className={styles.username}>
          {person.username}
        </PersonLink>
        <span className={styles.detail}>{detail ?? person.full_name}</span>
      </div>
      <FollowButton person={person} variant={followVariant} />
    </li>
  )
}
