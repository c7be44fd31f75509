// The auth modal (docs/product.md, "Auth modal"): sign-in and sign-up on one form. Switching mode
// starts over (fields, errors and password visibility); a pending submit shows a spinner and locks
// the button. Sign-in takes a username or an email; the account steps (forgot password, login
// code, new password, second factor) are their own screens in the same dialog.

import { useState, type FormEvent, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { BRAND_NAME } from '../../brand'
import { useStores, useUi } from '../../store'
import type { AuthMode } from '../../store/ui/uiStore'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { AuthFailure } from './AuthFailure'
import { Field } from './AuthField'
import { EMAIL_CODE_TEXT, EmailCodeStep } from './EmailCodeStep'
import { NEW_PASSWORD_TEXT, NewPasswordStep } from './NewPasswordStep'
import { SECOND_FACTOR_TEXT, SecondFactorStep } from './SecondFactorStep'
import { validateSignUp } from './validation'
import { welcomeNewAccount } from '../../onboarding/welcome'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './AuthModal.module.scss'

type StepMode = Exclude<AuthMode, 'signin' | 'signup'>

const STEP_TITLES = {
  forgot: EMAIL_CODE_TEXT.forgot.title,
  'login-code': EMAIL_CODE_TEXT['login-code'].title,
  'new-password': NEW_PASSWORD_TEXT.title,
  'second-factor': SECOND_FACTOR_TEXT.title
} as const satisfies Record<StepMode, string>

export function AuthModal(): ReactElement {
  const { ui } = useStores()
  const mode = useUi((state) => state.authMode)
  const t = useT()
  if (mode === 'signin' || mode === 'signup') return <PasswordForm mode={mode} />
  // A half-made sign-in (new password, second factor) cannot be dismissed by accident.
  const closable = mode === 'forgot' || mode === 'login-code'
  return (
    <Modal
      title={t(STEP_TITLES[mode])}
      showTitle={false}
      closeDisabled={!closable}
      closeButton={closable}
      onClose={() => ui.getState().closeModal()}
    >
      <div className={styles.body}>
        {mode === 'forgot' || mode === 'login-code' ? (
          <EmailCodeStep key={mode} kind={mode} />
        ) : mode === 'new-password' ? (
          <NewPasswordStep />
        ) : (
          <SecondFactorStep />
        )}
        {closable && (
          <p className={styles.switch}>
            <button
              type="button"
              className={styles.switchButton}
              onClick={() => ui.getState().setAuthMode('signin')}
            >
              {t('auth.backToLogIn')}
            </button>
          </p>
        )}
      </div>
    </Modal>
  )
}

const EMPTY_FIELDS = { fullName: '', username: '', email: '', password: '' }
type Fields = typeof EMPTY_FIELDS

function PasswordForm({ mode }: { mode: 'signin' | 'signup' }): ReactElement {
  const stores = useStores()
  const { session, ui } = stores
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS)
  const [showPassword, setShowPassword] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const isSignUp = mode === 'signup'
  const t = useT()
  const translate = useMessage()

  const switchMode = (next: AuthMode): void => {
    setFields(EMPTY_FIELDS)
    setShowPassword(false)
    setError(null)
    setSuccess(null)
    ui.getState().setAuthMode(next)
  }

  const update =
    (name: keyof Fields) =>
    (event: { target: { value: string } }): void =>
      setFields((current) => ({ ...current, [name]: event.target.value }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault()
    if (submitting) return
    setError(null)
    setSuccess(null)
    if (isSignUp) {
      const problem = validateSignUp(fields)
      if (problem) {
        setError(t('auth.usernameRule'))
        return
      }
    }
    setSubmitting(true)
    try {
      if (isSignUp) {
        const result = await session.getState().signUp(fields)
        if (result.needsConfirmation) {
          setFields(EMPTY_FIELDS)
          setShowPassword(false)
          setSuccess(MESSAGES.signUpCheckEmail)
        } else {
          // Signed in at once: the welcome (a profile photo, people to follow) takes over.
          welcomeNewAccount(stores)
          return
        }
      } else {
        await session.getState().signIn({ email: fields.email, password: fields.password })
        // An account with two-factor on is not signed in until its code is given.
        if (session.getState().snapshot.pending === 'second-factor') {
          ui.getState().setAuthMode('second-factor')
        } else {
          ui.getState().closeModal()
        }
        return
      }
    } catch (caught) {
      setError(messageOr(caught, isSignUp ? MESSAGES.signUpFailed : MESSAGES.signInFailed))
    }
    setSubmitting(false)
  }

  const title = isSignUp
    ? t('auth.signUpTitle', { brand: BRAND_NAME })
    : t('auth.logInTitle', { brand: BRAND_NAME })

  return (
    <Modal title={title} showTitle={false} onClose={() => ui.getState().closeModal()}>
      <div className={styles.body}>
        <p className={styles.logo} aria-hidden>
          {BRAND_NAME}
        </p>
        {isSignUp && <p className={styles.tagline}>{t('auth.tagline')}</p>}
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
          {isSignUp && (
            <>
              <Field
                label={t('auth.fullName')}
                value={fields.fullName}
                onChange={update('fullName')}
                autoComplete="name"
              />
              <Field
                label={t('auth.username')}
                value={fields.username}
                onChange={update('username')}
                autoComplete="username"
              />
            </>
          )}
          <Field
            label={isSignUp ? t('auth.email') : t('auth.usernameOrEmail')}
            type={isSignUp ? 'email' : 'text'}
            value={fields.email}
            onChange={update('email')}
            autoComplete={isSignUp ? 'email' : 'username'}
          />
          <div className={styles.passwordRow}>
            <Field
              label={t('auth.password')}
              type={showPassword ? 'text' : 'password'}
              value={fields.password}
              onChange={update('password')}
              autoComplete={isSignUp ? 'new-password' : 'current-password'}
            />
            <button
              type="button"
              className={styles.reveal}
              aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((value) => !value)}
            >
              {showPassword ? t('auth.hide') : t('auth.show')}
            </button>
          </div>
          <button
            type="submit"
            className={styles.submit}
            disabled={submitting}
            aria-busy={submitting}
          >
            {submitting && <Spinner size={16} light />}
            {isSignUp ? t('auth.signUp') : t('auth.logIn')}
          </button>
          {error && <AuthFailure text={translate(error)} />}
          {success && (
            <p className={styles.success} role="status">
              {translate(success)}
            </p>
          )}
        </form>
        {!isSignUp && (
          <div className={styles.alternatives}>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => switchMode('login-code')}
            >
              {t('auth.sendLoginCode')}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => switchMode('forgot')}
            >
              {t('auth.forgotPassword')}
            </button>
          </div>
        )}
        <p className={styles.switch}>
          {isSignUp ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
          <button
            type="button"
            className={styles.switchButton}
            onClick={() => switchMode(isSignUp ? 'signin' : 'signup')}
          >
            {isSignUp ? t('auth.logIn') : t('auth.signUp')}
          </button>
        </p>
      </div>
    </Modal>
  )
}
