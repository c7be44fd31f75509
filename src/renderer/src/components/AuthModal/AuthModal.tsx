// The auth modal (docs/product.md, "Auth modal"): sign-in and sign-up on one form. Switching mode
// starts over (fields, errors and password visibility); a pending submit shows a spinner and locks
// the button.

import { useState, type FormEvent, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { BRAND_NAME } from '../../brand'
import { useStores, useUi } from '../../store'
import type { AuthMode } from '../../store/ui/uiStore'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { validateSignUp } from './validation'
import styles from './AuthModal.module.scss'

const EMPTY_FIELDS = { fullName: '', username: '', email: '', password: '' }
type Fields = typeof EMPTY_FIELDS

export function AuthModal(): ReactElement {
  const { session, ui } = useStores()
  const mode = useUi((state) => state.authMode)
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
          ui.getState().closeModal()
          return
        }
      } else {
        await session.getState().signIn({ email: fields.email, password: fields.password })
        ui.getState().closeModal()
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
            label="Email"
            type="email"
            value={fields.email}
            onChange={update('email')}
            autoComplete="email"
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
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          {success && (
            <p className={styles.success} role="status">
              {success}
            </p>
          )}
        </form>
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

interface FieldProps {
  label: string
  value: string
  type?: string
  autoComplete: string
  onChange(event: { target: { value: string } }): void
}

function Field({ label, value, type = 'text', autoComplete, onChange }: FieldProps): ReactElement {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input
        className={styles.input}
        type={type}
        value={value}
        placeholder={label}
        required
        autoComplete={autoComplete}
        // Names, usernames and addresses are not dictionary words: no red underlines.
        spellCheck={false}
        onChange={onChange}
      />
    </label>
  )
}
