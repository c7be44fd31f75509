// Settings › Privacy › "Manually approve tags": while on, a new tag of you waits for your
// Approve (in the activity panel) before anyone but you and the post's author sees it.

import { useState, type ReactElement } from 'react'
import { useSession, useStores } from '../../store'
import { selectProfile } from '../../store/session/sessionStore'
import { useT } from '../../i18n'
import styles from './SettingsSection.module.scss'
import { errorText, phrase } from '../../i18n/phrase'

export function TagApprovalSetting(): ReactElement {
  const { peopleTags, session, toast } = useStores()
  const profile = useSession(selectProfile)
  const [saving, setSaving] = useState(false)
  const on = profile?.manually_approve_tags === true
  const t = useT()

  // The switch moves at once; a refused write moves it back and says why.
  const toggle = async (): Promise<void> => {
    if (!profile) return
    setSaving(true)
    session.getState().setProfile({ ...profile, manually_approve_tags: !on })
    try {
      await peopleTags.getState().services.setManualApproval(profile.id, !on)
    } catch (caught) {
      session.getState().setProfile(profile)
      toast.getState().show(errorText(caught, phrase('errors.unknown')))
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className={styles.row}>
      <div className={styles.grow}>
        <label htmlFor="manual-tag-approval">
          <strong>{t('settings.privacy.tagApproval')}</strong>
        </label>
        <div className={styles.muted} id="manual-tag-approval-help">
          {t('settings.privacy.tagApprovalHint')}
        </div>
      </div>
      <input
        id="manual-tag-approval"
        type="checkbox"
        role="switch"
        className={styles.switch}
        aria-describedby="manual-tag-approval-help"
        checked={on}
        disabled={saving || !profile}
        onChange={() => void toggle()}
      />
    </div>
  )
}
