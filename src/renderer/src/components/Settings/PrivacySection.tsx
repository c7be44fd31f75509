// Settings › Privacy: the private account switch and the follow requests waiting for an answer
// (issue #25), and "Manually approve tags" (TagApprovalSetting). Going public approves every
// pending request (the database does it).

import { useEffect, useState, type ReactElement } from 'react'
import { useSafety, useSession, useStores } from '../../store'
import { selectProfile } from '../../store/session/sessionStore'
import { useT } from '../../i18n'
import { PeopleList } from './PeopleListSection'
import { TagApprovalSetting } from './TagApprovalSetting'
import styles from './SettingsSection.module.scss'
import { errorText, phrase } from '../../i18n/phrase'

export function PrivacySection(): ReactElement {
  const { safety, session, toast } = useStores()
  const profile = useSession(selectProfile)
  const requests = useSafety((state) => state.requests)
  const status = useSafety((state) => state.status.requests)
  const error = useSafety((state) => state.error)
  const [saving, setSaving] = useState(false)
  const isPrivate = profile?.is_private === true
  const t = useT()

  useEffect(() => {
    void safety.getState().loadRequests()
  }, [safety])

  // The switch moves at once, as a switch does; a refused write moves it back and says why.
  const toggle = async (): Promise<void> => {
    if (!profile) return
    setSaving(true)
    session.getState().setProfile({ ...profile, is_private: !isPrivate })
    try {
      await safety.getState().setPrivate(!isPrivate)
      // Going public approved every pending request.
      if (isPrivate) void safety.getState().loadRequests()
    } catch (caught) {
      session.getState().setProfile(profile)
      toast.getState().show(errorText(caught, phrase('errors.unknown')))
    } finally {
      setSaving(false)
    }
  }
  const answer = async (id: string, approve: boolean): Promise<void> => {
    try {
      await safety.getState().answerRequest(id, approve)
    } catch (caught) {
      toast.getState().show(errorText(caught, phrase('errors.unknown')))
    }
  }

  return (
    <>
      <div className={styles.row}>
        <div className={styles.grow}>
          <label htmlFor="private-account">
            <strong>{t('settings.privacy.private')}</strong>
          </label>
          <div className={styles.muted} id="private-account-help">
            {t('settings.privacy.privateHint')}
          </div>
        </div>
        <input
          id="private-account"
          type="checkbox"
          role="switch"
          className={styles.switch}
          aria-describedby="private-account-help"
          checked={isPrivate}
          disabled={saving || !profile}
          onChange={() => void toggle()}
        />
      </div>
      <TagApprovalSetting />
      <h3 className={styles.subheading}>{t('settings.privacy.requests')}</h3>
      <PeopleList
        label={t('settings.privacy.requests')}
        people={requests}
        status={status}
        error={error}
        empty={t('settings.privacy.noRequests')}
        actions={(person) => (
          <>
            <button
              type="button"
              className={styles.primary}
              aria-label={t('settings.privacy.confirmLabel', { username: person.username })}
              onClick={() => void answer(person.id, true)}
            >
              {t('settings.privacy.confirm')}
            </button>
            <button
              type="button"
              className={styles.secondary}
              aria-label={t('settings.privacy.deleteLabel', { username: person.username })}
              onClick={() => void answer(person.id, false)}
            >
              {t('settings.privacy.delete')}
            </button>
          </>
        )}
      />
    </>
  )
}
