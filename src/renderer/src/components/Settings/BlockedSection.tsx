// Settings › Blocked accounts: everyone the user blocked, to unblock (issue #25).

import { useEffect, type ReactElement } from 'react'
import { useSafety, useStores } from '../../store'
import { PeopleList } from './PeopleListSection'
import styles from './SettingsSection.module.scss'

export function BlockedSection(): ReactElement {
  const { safety, toast } = useStores()
  const blocked = useSafety((state) => state.blocked)
  const status = useSafety((state) => state.status.blocked)
  const error = useSafety((state) => state.error)
  useEffect(() => {
    void safety.getState().loadBlocked()
  }, [safety])
  const unblock = async (id: string, username: string): Promise<void> => {
    try {
      await safety.getState().unblock(id)
      toast.getState().show(`Unblocked @${username}`)
    } catch (caught) {
      toast.getState().show((caught as Error).message)
    }
  }
  return (
    <>
      <p className={styles.intro}>
        Blocked people can&apos;t find your profile, posts or stories, and you won&apos;t see
        theirs. They aren&apos;t told.
      </p>
      <PeopleList
        label="Blocked accounts"
        people={blocked}
        status={status}
        error={error}
        empty="You haven't blocked anyone."
        actions={(person) => (
          <button
            type="button"
            className={styles.secondary}
            aria-label={`Unblock ${person.username}`}
            onClick={() => void unblock(person.id, person.username)}
          >
            Unblock
          </button>
        )}
      />
    </>
  )
}
