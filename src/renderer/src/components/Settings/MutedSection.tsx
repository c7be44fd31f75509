// Settings › Muted accounts: whose posts and/or stories the user muted, to unmute (issue #25).

import { useEffect, type ReactElement } from 'react'
import type { Mute } from '../../services/types'
import { useSafety, useStores } from '../../store'
import { PeopleList } from './PeopleListSection'
import styles from './SettingsSection.module.scss'

const mutedWhat = (mute: Mute): string =>
  mute.posts && mute.stories
    ? 'Posts and stories muted'
    : mute.posts
      ? 'Posts muted'
      : 'Stories muted'

export function MutedSection(): ReactElement {
  const { safety, toast } = useStores()
  const mutes = useSafety((state) => state.mutes)
  const status = useSafety((state) => state.status.mutes)
  const error = useSafety((state) => state.error)
  useEffect(() => {
    void safety.getState().loadMutes()
  }, [safety])
  const unmute = async (mute: Mute): Promise<void> => {
    try {
      await safety.getState().mute(mute.id, { posts: false, stories: false })
      toast.getState().show(`Unmuted @${mute.username}`)
    } catch (caught) {
      toast.getState().show((caught as Error).message)
    }
  }
  return (
    <>
      <p className={styles.intro}>
        Muted people&apos;s posts and stories stay out of your feed and stories. They aren&apos;t
        told, and their profile stays open to you.
      </p>
      <PeopleList
        label="Muted accounts"
        people={mutes}
        status={status}
        error={error}
        empty="You haven't muted anyone."
        detail={mutedWhat}
        actions={(mute) => (
          <button
            type="button"
            className={styles.secondary}
            aria-label={`Unmute ${mute.username}`}
            onClick={() => void unmute(mute)}
          >
            Unmute
          </button>
        )}
      />
    </>
  )
}
