// The second step of signing in for an account with two-factor authentication on: the 6-digit
// code from the authenticator app, or one of the recovery codes saved when it was turned on
// (offered only when the server has recovery codes and the user has some left). Until it is
// given the app stays signed out; "Back to log in" ends the half-made session. After a password
// recovery the new password comes next (NewPasswordStep).

import { useEffect, useState, type FormEvent, type ReactElement } from 'react'
import { ShieldCheck } from 'lucide-react'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import { CodeField, Field, StepError, useStepSubmit } from './AuthField'
import { SubmitButton } from './EmailCodeStep'
import { useT } from '../../i18n'
import styles from './AuthModal.module.scss'

/** The step's words, as catalog keys. */
export const SECOND_FACTOR_TEXT = {
  title: 'auth.secondFactor.title',
  intro: 'auth.secondFactor.intro',
  code: 'auth.secondFactor.code',
  confirm: 'auth.secondFactor.confirm',
  back: 'auth.backToLogIn',
  useRecovery: 'auth.secondFactor.useRecovery',
  recoveryIntro: 'auth.secondFactor.recoveryIntro',
  recoveryCode: 'auth.secondFactor.recoveryCode',
  useApp: 'auth.secondFactor.useApp'
} as const

export function SecondFactorStep(): ReactElement {
  const { api, session, ui } = useStores()
  const t = useT()
  const [code, setCode] = useState('')
  const [recovery, setRecovery] = useState(false)
  const [recoveryOffered, setRecoveryOffered] = useState(false)
  const submit = useStepSubmit()

  useEffect(() => {
    let live = true
    // Not offered (hosted Supabase), none left, or no answer: the link stays hidden.
    api.account.recoveryCodeStatus().then(
      (status) => {
        if (live) setRecoveryOffered(status !== null && status.remaining > 0)
      },
      () => undefined
    )
    return () => {
      live = false
    }
  }, [api])

  const switchTo = (useRecovery: boolean): void => {
    setRecovery(useRecovery)
    setCode('')
    submit.setError(null)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    void submit.run(async () => {
      if (recovery) await api.account.redeemRecoveryCode(code)
      else await api.account.verifySecondFactor(code)
      const snapshot = await session.getState().reload()
      // A password recovery asks for the new password once the second factor is given.
      if (snapshot.pending === 'new-password') ui.getState().setAuthMode('new-password')
      else ui.getState().closeModal()
    }, MESSAGES.signInFailed)
  }

  const onBack = (): void => {
    void submit.run(async () => {
      await session.getState().signOut()
      ui.getState().setAuthMode('signin')
    }, MESSAGES.signOutFailed)
  }

  return (
    <div className={styles.step}>
      <ShieldCheck className={styles.stepIcon} size={56} strokeWidth={1.2} aria-hidden />
      <h2 className={styles.stepTitle}>{t(SECOND_FACTOR_TEXT.title)}</h2>
      <form className={styles.form} onSubmit={onSubmit}>
        <p className={styles.stepText}>
          {t(recovery ? SECOND_FACTOR_TEXT.recoveryIntro : SECOND_FACTOR_TEXT.intro)}
        </p>
        {recovery ? (
          <Field
            key="recovery"
            label={t(SECOND_FACTOR_TEXT.recoveryCode)}
            value={code}
            maxLength={20}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoFocus
          />
        ) : (
          <CodeField
            key="app"
            label={t(SECOND_FACTOR_TEXT.code)}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <SubmitButton busy={submit.busy} label={t(SECOND_FACTOR_TEXT.confirm)} />
        {recoveryOffered && (
          <button type="button" className={styles.linkButton} onClick={() => switchTo(!recovery)}>
            {t(recovery ? SECOND_FACTOR_TEXT.useApp : SECOND_FACTOR_TEXT.useRecovery)}
          </button>
        )}
        <button type="button" className={styles.linkButton} onClick={onBack}>
          {t(SECOND_FACTOR_TEXT.back)}
        </button>
      </form>
      <StepError error={submit.error} />
    </div>
  )
}
