// Settings › Privacy: the private account switch and the follow requests waiting for an answer
// (issue #25), and "Manually approve tags" (TagApprovalSetting). Going public approves every
// pending request (the database does it).

import { useEffect, useState, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import { useSafety, useSession, useStores } from '../../store'
import { selectProfile } from '../../store/session/sessionStore'
import { PeopleList } from './PeopleListSection'
import { TagApprovalSetting } from './TagApprovalSetting'
import styles from './SettingsSection.module.scss'

export function PrivacySection(): ReactElement {
  const { safety, session, toast } = useStores()
  const profile = useSession(selectProfile)
  const requests = useSafety((state) => state.requests)
  const status = useSafety((state) => state.status.requests)
  const error = useSafety((state) => state.error)
  const [saving, setSaving] = useState(false)
  const isPrivate = profile?.is_private === true

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
      toast.getState().show(messageOr(caught, 'unknown error'))
    } finally {
      setSaving(false)
    }
  }
  const answer = async (id: string, approve: boolean): Promise<void> => {
    try {
      await safety.getState().answerRequest(id, approve)
    } catch (caught) {
      toast.getState().show(messageOr(caught, 'unknown error'))
    }
  }

  return (
    <>
      <div className={styles.row}>
        <div className={styles.grow}>
          <label htmlFor="private-account">
            <strong>Private account</strong>
          </label>
          <div className={styles.muted} id="private-account-help">
            Only people you approve can see your photos, stories and lists. Going private keeps your
            followers.
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
      <h3 className={styles.subheading}>Follow requests</h3>
      <PeopleList
        label="Follow requests"
        people={requests}
        status={status}
        error={error}
        empty="No follow requests."
        actions={(person) => (
          <>
            <button
              type="button"
              className={styles.primary}
              aria-label={`Confirm ${person.username}`}
              onClick={() => void answer(person.id, true)}
            >
              Confirm
            </button>
            <button
              type="button"
              className={styles.secondary}
              aria-label={`Delete request from ${person.username}`}
              onClick={() => void answer(person.id, false)}
            >
              Delete
            </button>
          </>
        )}
      />
    </>
  )
}
