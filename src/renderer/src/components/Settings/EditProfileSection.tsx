// Settings › Edit profile: who the user is today, and the Edit profile form (the same dialog the
// profile page opens) one click away.

import type { ReactElement } from 'react'
import { useSession, useStores } from '../../store'
import { selectProfile } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { useT } from '../../i18n'
import styles from './SettingsSection.module.scss'

export function EditProfileSection(): ReactElement {
  const { ui } = useStores()
  const profile = useSession(selectProfile)
  const username = profile?.username ?? ''
  const t = useT()
  return (
    <div className={styles.row}>
      <Avatar
        src={profile?.avatar_url}
        name={username || '?'}
        personId={profile?.id}
        size={56}
        decorative
      />
      <div className={styles.grow}>
        <div>
          <strong>{username}</strong>
        </div>
        {profile?.full_name && <div>{profile.full_name}</div>}
        {profile?.bio && <div className={styles.muted}>{profile.bio}</div>}
        <div className={styles.muted}>{t('settings.editProfile.hint')}</div>
      </div>
      <button
        type="button"
        className={styles.secondary}
        onClick={() => ui.getState().openEditProfile()}
      >
        {t('settings.editProfile.open')}
      </button>
    </div>
  )
}
