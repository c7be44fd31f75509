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
import styles from './AuthModal.module.scss'

export const SIGN_IN_TEXT = {
  login: 'Username or email',
  forgot: 'Forgot password?',
  loginCode: 'Send me a login code',
  back: 'Back to log in'
} as const

type StepMode = Exclude<AuthMode, 'signin' | 'signup'>

const STEP_TITLES: Record<StepMode, string> = {
  forgot: EMAIL_CODE_TEXT.forgot.title,
  'login-code': EMAIL_CODE_TEXT['login-code'].title,
  'new-password': NEW_PASSWORD_TEXT.title,
  'second-factor': SECOND_FACTOR_TEXT.title
}

export function AuthModal(): ReactElement {
  const { ui } = useStores()
  const mode = useUi((state) => state.authMode)
  if (mode === 'signin' || mode === 'signup') return <PasswordForm mode={mode} />
  // A half-made sign-in (new password, second factor) cannot be dismissed by accident.
  const closable = mode === 'forgot' || mode === 'login-code'
  return (
    <Modal
      title={STEP_TITLES[mode]}
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
              {SIGN_IN_TEXT.back}
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
        setError(problem)
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

  const title = isSignUp ? `Sign up for ${BRAND_NAME}` : `Log in to ${BRAND_NAME}`

  return (
    <Modal title={title} showTitle={false} onClose={() => ui.getState().closeModal()}>
      <div className={styles.body}>
        <p className={styles.logo} aria-hidden>
          {BRAND_NAME}
        </p>
        {isSignUp && <p className={styles.tagline}>Sign up to see photos from your friends.</p>}
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
          {isSignUp && (
            <>
              <Field
                label="Full name"
                value={fields.fullName}
                onChange={update('fullName')}
                autoComplete="name"
              />
              <Field
                label="Username"
                value={fields.username}
                onChange={update('username')}
                autoComplete="username"
              />
            </>
          )}
          <Field
            label={isSignUp ? 'Email' : SIGN_IN_TEXT.login}
            type={isSignUp ? 'email' : 'text'}
            value={fields.email}
            onChange={update('email')}
            autoComplete={isSignUp ? 'email' : 'username'}
          />
          <div className={styles.passwordRow}>
            <Field
              label="Password"
              type={showPassword ? 'text' : 'password'}
              value={fields.password}
              onChange={update('password')}
              autoComplete={isSignUp ? 'new-password' : 'current-password'}
            />
            <button
              type="button"
              className={styles.reveal}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((value) => !value)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </div>
          <button
            type="submit"
            className={styles.submit}
            disabled={submitting}
            aria-busy={submitting}
          >
            {submitting && <Spinner size={16} light />}
            {isSignUp ? 'Sign up' : 'Log in'}
          </button>
          {error && <AuthFailure text={error} />}
          {success && (
            <p className={styles.success} role="status">
              {success}
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
              {SIGN_IN_TEXT.loginCode}
            </button>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => switchMode('forgot')}
            >
              {SIGN_IN_TEXT.forgot}
            </button>
          </div>
        )}
        <p className={styles.switch}>
          {isSignUp ? 'Have an account? ' : "Don't have an account? "}
          <button
            type="button"
            className={styles.switchButton}
            onClick={() => switchMode(isSignUp ? 'signin' : 'signup')}
          >
            {isSignUp ? 'Log in' : 'Sign up'}
          </button>
        </p>
      </div>
    </Modal>
  )
}
