// A list of people with one or two buttons each, shared by the Blocked accounts, Muted accounts
// and Follow requests settings: each row is the person's avatar and name, then the actions.

import type { ReactElement, ReactNode } from 'react'
import type { ListedPerson } from '../../services/types'
import type { Text } from '../../i18n/phrase'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { PersonAvatar } from '../Avatar/Avatar'
import styles from './SettingsSection.module.scss'

export interface PeopleListProps<P extends ListedPerson> {
  label: string
  people: readonly P[]
  status: 'idle' | 'loading' | 'ready' | 'failed'
  error: Text | null
  empty: string
  /** The buttons of one row. */
  actions(person: P): ReactNode
  /** A line under the name (e.g. what is muted). */
  detail?(person: P): string
}

export function PeopleList<P extends ListedPerson>({
  label,
  people,
  status,
  error,
  empty,
  actions,
  detail
}: PeopleListProps<P>): ReactElement {
  const t = useT()
  const translate = useMessage()
  if (status === 'failed') {
    return (
      <p className={styles.error} role="alert">
        {error && translate(error)}
      </p>
    )
  }
  if (status !== 'ready') return <p role="status">{t('settings.loading')}</p>
  if (people.length === 0) return <p className={styles.muted}>{empty}</p>
  return (
    <ul className={styles.list} aria-label={label}>
      {people.map((person) => (
        <li key={person.id} className={styles.row}>
          <PersonAvatar person={person} size={44} />
          <div className={styles.grow}>
            <div>
              <strong>{person.username}</strong>
            </div>
            <div className={styles.muted}>{detail ? detail(person) : (person.full_name ?? '')}</div>
          </div>
          {actions(person)}
        </li>
      ))}
    </ul>
  )
}
