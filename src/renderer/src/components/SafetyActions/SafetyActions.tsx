// Report, block and mute someone (issue #25), from a profile's "…" menu, a post's "…" sheet, a
// comment and the story viewer. One dialog whose steps are the network's: the menu, a reason to
// report with "Thanks for reporting" after it, a block to confirm, posts and/or stories to mute.
// The steps and their actions are the safety flow's (store/safety/safetyFlow.ts); this draws
// them. The database enforces all of it; this is the convenient way in.

import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { REPORT_REASONS, SAFETY_MESSAGES } from '../../services/safetyRules'
import type { ReportTarget } from '../../services/types'
import { useStores } from '../../store'
import { createSafetyFlow, type SafetyStep } from '../../store/safety/safetyFlow'
import { Modal } from '../Modal/Modal'
import styles from './SafetyActions.module.scss'

export type { SafetyStep } from '../../store/safety/safetyFlow'

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
  const stores = useStores()
  const [flow] = useState(() => createSafetyFlow(stores, { person, target, step: initialStep }))
  const { step, reason, details, mute, busy, error } = useStore(flow)
  const { go: setStep, setReason, setDetails, setMute } = flow.getState()
  const block = (): Promise<void> => flow.getState().block({ onClose, onBlocked })
  const report = (event: FormEvent): Promise<void> => {
    event.preventDefault()
    return flow.getState().report()
  }
  const saveMute = (event: FormEvent): Promise<void> => {
    event.preventDefault()
    return flow.getState().saveMute({ onClose })
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
