// Settings › Muted accounts: whose posts and/or stories the user muted, to unmute (issue #25).

import { useEffect, type ReactElement } from 'react'
import type { Mute } from '../../services/types'
import { useSafety, useStores } from '../../store'
import { useT } from '../../i18n'
import { errorText, phrase } from '../../i18n/phrase'
import { PeopleList } from './PeopleListSection'
import styles from './SettingsSection.module.scss'

const mutedWhat = (mute: Mute): 'both' | 'posts' | 'stories' =>
  mute.posts && mute.stories ? 'both' : mute.posts ? 'posts' : 'stories'

export function MutedSection(): ReactElement {
  const { safety, toast } = useStores()
  const mutes = useSafety((state) => state.mutes)
  const status = useSafety((state) => state.status.mutes)
  const error = useSafety((state) => state.error)
  const t = useT()
  useEffect(() => {
    void safety.getState().loadMutes()
  }, [safety])
  const unmute = async (mute: Mute): Promise<void> => {
    try {
      await safety.getState().mute(mute.id, { posts: false, stories: false })
      toast.getState().show(phrase('toasts.unmuted', { username: mute.username }))
    } catch (caught) {
      toast.getState().show(errorText(caught, phrase('errors.unknown')))
    }
  }
  return (
    <>
      <p className={styles.intro}>{t('settings.muted.intro')}</p>
      <PeopleList
        label={t('settings.muted.list')}
        people={mutes}
        status={status}
        error={error}
        empty={t('settings.muted.empty')}
        detail={(mute) => t(`settings.muted.${mutedWhat(mute)}`)}
        actions={(mute) => (
          <button
            type="button"
            className={styles.secondary}
            aria-label={t('settings.muted.unmuteLabel', { username: mute.username })}
            onClick={() => void unmute(mute)}
          >
            {t('settings.muted.unmute')}
          </button>
        )}
      />
    </>
  )
}
