// Report, block and mute someone (issue #25), from a profile's "…" menu, a post's "…" sheet, a
// comment and the story viewer. One dialog whose steps are the network's: the menu, a reason to
// report with "Thanks for reporting" after it, a block to confirm, posts and/or stories to mute.
// The database enforces all of it; this is the convenient way in.

import { useState, type FormEvent, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import { REPORT_REASONS, SAFETY_MESSAGES } from '../../services/safetyRules'
import type { ReportReason, ReportTarget } from '../../services/types'
import { useStores } from '../../store'
import { HOME } from '../../store/router/routes'
import { Modal } from '../Modal/Modal'
import styles from './SafetyActions.module.scss'

export type SafetyStep = 'menu' | 'report' | 'reported' | 'block' | 'mute'

export interface SafetyActionsProps {
  person: { id: string; username: string }
  /** What "Report" reports; the person's profile when not given. */
  target?: { type: ReportTarget; id: string }
  step?: SafetyStep
  onClose(): void
  /** After a block went through (the story viewer closes: the person's stories are gone). */
  onBlocked?(): void
}

const TARGET_NAMES: Record<ReportTarget, string> = {
  post: 'post',
  comment: 'comment',
  story: 'story',
  profile: 'account'
}

export function SafetyActions({
  person,
  target = { type: 'profile', id: person.id },
  step: initialStep = 'menu',
  onClose,
  onBlocked
}: SafetyActionsProps): ReactElement {
  const { safety, toast, router } = useStores()
  const [step, setStep] = useState<SafetyStep>(initialStep)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [details, setDetails] = useState('')
  const [mute, setMute] = useState({ posts: true, stories: true })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true)
    setError(null)
    try {
      await work()
      return true
    } catch (caught) {
      setError(messageOr(caught, 'unknown error'))
      return false
    } finally {
      setBusy(false)
    }
  }

  const block = async (): Promise<void> => {
    if (!(await run(() => safety.getState().block(person.id)))) return
    onClose()
    onBlocked?.()
    toast.getState().show(`Blocked @${person.username}`)
    router.getState().navigate(HOME)
  }
  const report = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (!reason) return
    const sent = await run(() => safety.getState().report(target.type, target.id, reason, details))
    if (sent) setStep('reported')
  }
  const saveMute = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (!(await run(() => safety.getState().mute(person.id, mute)))) return
    onClose()
    toast
      .getState()
      .show(
        mute.posts || mute.stories ? `Muted @${person.username}` : `Unmuted @${person.username}`
      )
  }
  const errorLine = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  )

  if (step === 'report') {
    return (
      <Modal
        title={`Report this ${TARGET_NAMES[target.type]}`}
        onClose={onClose}
        closeDisabled={busy}
      >
        <form className={styles.form} onSubmit={(event) => void report(event)}>
          <fieldset className={styles.reasons}>
            <legend className={styles.legend}>
              Why are you reporting this {TARGET_NAMES[target.type]}?
            </legend>
            {REPORT_REASONS.map((option) => (
              <label key={option.value} className={styles.reason}>
                <input
                  type="radio"
                  name="report-reason"
                  value={option.value}
                  checked={reason === option.value}
                  onChange={() => setReason(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <label className={styles.detailsLabel} htmlFor="report-details">
            Anything else we should know? (optional)
          </label>
          <textarea
            id="report-details"
            className={styles.details}
            maxLength={1000}
            rows={3}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
          {errorLine}
          <button type="submit" className={styles.primary} disabled={!reason || busy}>
            Submit report
          </button>
        </form>
      </Modal>
    )
  }

  if (step === 'reported') {
    return (
      <Modal title={SAFETY_MESSAGES.reported} onClose={onClose}>
        <div className={styles.form}>
          <p className={styles.text} role="status">
            Your report is anonymous. Our moderators will look at it.
          </p>
          <button type="button" className={styles.secondary} onClick={() => setStep('block')}>
            Block @{person.username}
          </button>
          <button type="button" className={styles.primary} onClick={onClose}>
            Close
          </button>
        </div>
      </Modal>
    )
  }

  if (step === 'block') {
    return (
      <Modal title={`Block ${person.username}?`} onClose={onClose} closeDisabled={busy}>
        <div className={styles.form}>
          <p className={styles.text}>
            They won&apos;t be able to find your profile, posts or stories, follow you or comment.
            Instaframe won&apos;t let them know you blocked them. You can unblock them in Settings.
          </p>
          {errorLine}
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => void block()}
          >
            Block
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            Cancel
          </button>
        </div>
      </Modal>
    )
  }

  if (step === 'mute') {
    return (
      <Modal title={`Mute ${person.username}`} onClose={onClose} closeDisabled={busy}>
        <form className={styles.form} onSubmit={(event) => void saveMute(event)}>
          <p className={styles.text}>
            Instaframe won&apos;t let them know you muted them. Their profile stays open to you.
          </p>
          <label className={styles.reason}>
            <input
              type="checkbox"
              checked={mute.posts}
              onChange={(event) => setMute({ ...mute, posts: event.target.checked })}
            />
            Mute posts
          </label>
          <label className={styles.reason}>
            <input
              type="checkbox"
              checked={mute.stories}
              onChange={(event) => setMute({ ...mute, stories: event.target.checked })}
            />
            Mute stories
          </label>
          {errorLine}
          <button type="submit" className={styles.primary} disabled={busy}>
            Save
          </button>
        </form>
      </Modal>
    )
  }

  return (
    <Modal
      title={`Options for ${person.username}`}
      showTitle={false}
      closeButton={false}
      onClose={onClose}
    >
      <div className={styles.sheet} role="menu" aria-label={`Options for ${person.username}`}>
        <button
          type="button"
          role="menuitem"
          className={`${styles.choice} ${styles.red}`}
          onClick={() => setStep('report')}
        >
          Report
        </button>
        <button
          type="button"
          role="menuitem"
          className={`${styles.choice} ${styles.red}`}
          onClick={() => setStep('block')}
        >
          Block
        </button>
        <button
          type="button"
          role="menuitem"
          className={styles.choice}
          onClick={() => setStep('mute')}
        >
          Mute
        </button>
        <button type="button" role="menuitem" className={styles.choice} onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}
