// Settings › Blocked accounts: everyone the user blocked, to unblock (issue #25).

import { useEffect, type ReactElement } from 'react'
import { useSafety, useStores } from '../../store'
import { useT } from '../../i18n'
import { errorText, phrase } from '../../i18n/phrase'
import { PeopleList } from './PeopleListSection'
import styles from './SettingsSection.module.scss'

export function BlockedSection(): ReactElement {
  const { safety, toast } = useStores()
  const blocked = useSafety((state) => state.blocked)
  const status = useSafety((state) => state.status.blocked)
  const error = useSafety((state) => state.error)
  const t = useT()
  useEffect(() => {
    void safety.getState().loadBlocked()
  }, [safety])
  const unblock = async (id: string, username: string): Promise<void> => {
    try {
      await safety.getState().unblock(id)
      toast.getState().show(phrase('toasts.unblocked', { username }))
    } catch (caught) {
      toast.getState().show(errorText(caught, phrase('errors.unknown')))
    }
  }
  return (
    <>
      <p className={styles.intro}>{t('settings.blocked.intro')}</p>
      <PeopleList
        label={t('settings.blocked.list')}
        people={blocked}
        status={status}
        error={error}
        empty={t('settings.blocked.empty')}
        actions={(person) => (
          <button
            type="button"
            className={styles.secondary}
            aria-label={t('settings.blocked.unblockLabel', { username: person.username })}
            onClick={() => void unblock(person.id, person.username)}
          >
            {t('settings.blocked.unblock')}
          </button>
        )}
      />
    </>
  )
}
