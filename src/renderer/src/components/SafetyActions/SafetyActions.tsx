// Report, block and mute someone (issue #25), from a profile's "…" menu, a post's "…" sheet, a
// comment and the story viewer. One dialog whose steps are the network's: the menu, a reason to
// report with "Thanks for reporting" after it, a block to confirm, posts and/or stories to mute.
// The steps and their actions are the safety flow's (store/safety/safetyFlow.ts); this draws
// them. The database enforces all of it; this is the convenient way in.

import { useState, type FormEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import type { ParseKeys } from 'i18next'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { REPORT_REASONS } from '../../services/safetyRules'
import type { ReportReason, ReportTarget } from '../../services/types'
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

// Whole sentences per target: languages agree "this" with the noun (diesen Beitrag, diese Story).
const REPORT_TITLES: Record<ReportTarget, ParseKeys> = {
  post: 'safety.reportTitle.post',
  comment: 'safety.reportTitle.comment',
  story: 'safety.reportTitle.story',
  profile: 'safety.reportTitle.profile'
}
const REPORT_QUESTIONS: Record<ReportTarget, ParseKeys> = {
  post: 'safety.reportQuestion.post',
  comment: 'safety.reportQuestion.comment',
  story: 'safety.reportQuestion.story',
  profile: 'safety.reportQuestion.profile'
}
const REASON_LABELS: Record<ReportReason, ParseKeys> = {
  spam: 'moderation.reasons.spam',
  nudity: 'moderation.reasons.nudity',
  harassment: 'moderation.reasons.harassment',
  violence: 'moderation.reasons.violence',
  other: 'moderation.reasons.other'
}

export function SafetyActions({
  person,
  target = { type: 'profile', id: person.id },
  step: initialStep = 'menu',
  onClose,
  onBlocked
}: SafetyActionsProps): ReactElement {
  const stores = useStores()
  const t = useT()
  const say = useMessage()
  const { username } = person
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
      {say(error)}
    </p>
  )

  if (step === 'report') {
    return (
      <Modal title={t(REPORT_TITLES[target.type])} onClose={onClose} closeDisabled={busy}>
        <form className={styles.form} onSubmit={(event) => void report(event)}>
          <fieldset className={styles.reasons}>
            <legend className={styles.legend}>{t(REPORT_QUESTIONS[target.type])}</legend>
            {REPORT_REASONS.map((option) => (
              <label key={option.value} className={styles.reason}>
                <input
                  type="radio"
                  name="report-reason"
                  value={option.value}
                  checked={reason === option.value}
                  onChange={() => setReason(option.value)}
                />
                {t(REASON_LABELS[option.value])}
              </label>
            ))}
          </fieldset>
          <label className={styles.detailsLabel} htmlFor="report-details">
            {t('safety.details')}
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
            {t('safety.submit')}
          </button>
        </form>
      </Modal>
    )
  }

  if (step === 'reported') {
    return (
      <Modal title={t('safety.reported')} onClose={onClose}>
        <div className={styles.form}>
          <p className={styles.text} role="status">
            {t('safety.anonymous')}
          </p>
          <button type="button" className={styles.secondary} onClick={() => setStep('block')}>
            {t('safety.blockPerson', { username })}
          </button>
          <button type="button" className={styles.primary} onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </Modal>
    )
  }

  if (step === 'block') {
    return (
      <Modal title={t('safety.blockTitle', { username })} onClose={onClose} closeDisabled={busy}>
        <div className={styles.form}>
          <p className={styles.text}>{t('safety.blockExplain')}</p>
          {errorLine}
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => void block()}
          >
            {t('safety.block')}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </Modal>
    )
  }

  if (step === 'mute') {
    return (
      <Modal title={t('safety.muteTitle', { username })} onClose={onClose} closeDisabled={busy}>
        <form className={styles.form} onSubmit={(event) => void saveMute(event)}>
          <p className={styles.text}>{t('safety.muteExplain')}</p>
          <label className={styles.reason}>
            <input
              type="checkbox"
              checked={mute.posts}
              onChange={(event) => setMute({ ...mute, posts: event.target.checked })}
            />
            {t('safety.mutePosts')}
          </label>
          <label className={styles.reason}>
            <input
              type="checkbox"
              checked={mute.stories}
              onChange={(event) => setMute({ ...mute, stories: event.target.checked })}
            />
            {t('safety.muteStories')}
          </label>
          {errorLine}
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('safety.save')}
          </button>
        </form>
      </Modal>
    )
  }

  return (
    <Modal
      title={t('safety.optionsFor', { username })}
      showTitle={false}
      closeButton={false}
      onClose={onClose}
    >
      <div className={styles.sheet} role="menu" aria-label={t('safety.optionsFor', { username })}>
        <button
          type="button"
          role="menuitem"
          className={`${styles.choice} ${styles.red}`}
          onClick={() => setStep('report')}
        >
          {t('safety.report')}
        </button>
        <button
          type="button"
          role="menuitem"
          className={`${styles.choice} ${styles.red}`}
          onClick={() => setStep('block')}
        >
          {t('safety.block')}
        </button>
        <button
          type="button"
          role="menuitem"
          className={styles.choice}
          onClick={() => setStep('mute')}
        >
          {t('safety.mute')}
        </button>
        <button type="button" role="menuitem" className={styles.choice} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  )
}
