import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { SignUpResult } from '@shared/bridge-contract'
import { AUTH_MESSAGES, authFailure } from '@shared/auth-messages'
import { SIGNED_OUT } from '@shared/auth-snapshot'
import { createHarness, deferred, renderWith, signedIn } from '../../testing/fakes'
import { AuthModal } from './AuthModal'
import { VALIDATION_MESSAGES } from './validation'

function setup(mode: 'signin' | 'signup' = 'signin') {
  const harness = createHarness()
  harness.stores.ui.getState().openAuth(mode)
  renderWith(<AuthModal />, harness)
  return { ...harness, user: userEvent.setup() }
}

async function fillSignUp(user: ReturnType<typeof userEvent.setup>, username = 'jane.doe') {
  await user.type(screen.getByLabelText('Full name'), 'Jane Doe')
  await user.type(screen.getByLabelText('Username'), username)
  await user.type(screen.getByLabelText('Email'), 'jane@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret123')
}

describe('AuthModal: fields', () => {
  it('signs in with a required username or email (type=text) and password only', () => {
    setup('signin')
    expect(screen.getByRole('dialog', { name: /Log in/ })).toBeInTheDocument()
    expect(screen.getByLabelText('Username or email')).toHaveAttribute('type', 'text')
    expect(screen.getByLabelText('Username or email')).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument()
  })

  it('signs up with full name, username, email and password, all required', () => {
    setup('signup')
    for (const label of ['Full name', 'Username', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeRequired()
    }
  })

  it('shows and hides the password', async () => {
    const { user } = setup()
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('switching mode clears the fields, the error and password visibility', async () => {
    const { user, api } = setup('signin')
    api.auth.signIn.mockRejectedValue(new Error(AUTH_MESSAGES.wrongPassword))
    await user.type(screen.getByLabelText('Username or email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.wrongPassword)

    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByLabelText('Email')).toHaveValue('')
    expect(screen.getByLabelText('Password')).toHaveValue('')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.type(screen.getByLabelText('Full name'), 'Jane')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByLabelText('Full name')).toHaveValue('')
  })
})

describe('AuthModal: submitting', () => {
  it('shows a spinner and disables the button while the call is pending', async () => {
    const { user, api } = setup('signin')
    const pending = deferred<void>()
    api.auth.signIn.mockReturnValue(pending.promise)
    await user.type(screen.getByLabelText('Username or email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    const submit = screen.getByRole('button', { name: /Log in/, busy: true })
    expect(submit).toBeDisabled()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    await act(async () => pending.resolve())
  })

  it('closes the modal when sign-in succeeds', async () => {
    const { user, api, stores } = setup('signin')
    api.auth.getSession.mockResolvedValue(signedIn())
    await user.type(screen.getByLabelText('Username or email'), 'jane')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(stores.ui.getState().modal).toBeNull())
    expect(api.auth.signIn).toHaveBeenCalledWith({ email: 'jane', password: 'secret123' })
  })

  it("falls back to 'Failed to sign in' when the server gives no message", async () => {
    const { user, api } = setup('signin')
    api.auth.signIn.mockRejectedValue(new Error(''))
    await user.type(screen.getByLabelText('Username or email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'x')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to sign in$/)
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled()
  })

  it("shows the server's sign-in message first and the app's help under it, never instead", async () => {
    const { user, api } = setup('signin')
    api.auth.signIn.mockRejectedValue(
      authFailure({ code: 'invalid_credentials', message: 'Invalid login credentials' }, 'x')
    )
    await user.type(screen.getByLabelText('Username or email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    const alert = await screen.findByRole('alert')
    const [message, help] = within(alert).getAllByRole('paragraph')
    expect(message).toHaveTextContent(/^Invalid login credentials$/)
    expect(help).toHaveTextContent(AUTH_MESSAGES.wrongPassword)
  })

  it("shows the server's sign-up message, else 'Failed to sign up'", async () => {
    const { user, api } = setup('signup')
    api.auth.signUp.mockRejectedValueOnce(new Error('User already registered'))
    await fillSignUp(user)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered')

    api.auth.signUp.mockRejectedValueOnce({})
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to sign up$/))
  })

  it('asks to confirm the email in green and clears the fields when confirmation is needed', async () => {
    const { user, api, stores } = setup('signup')
    await fillSignUp(user)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(
      await screen.findByText('Check your email for the confirmation link!')
    ).toBeInTheDocument()
    expect(api.auth.signUp).toHaveBeenCalledWith({
      fullName: 'Jane Doe',
      username: 'jane.doe',
      email: 'jane@example.com',
      password: 'secret123'
    })
    for (const label of ['Full name', 'Username', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveValue('')
    }
    expect(stores.ui.getState().modal).toBe('auth')
  })

  it('signs in and hands over to the welcome when sign-up returns a session', async () => {
    localStorage.clear()
    const { user, api, stores } = setup('signup')
    api.auth.signUp.mockResolvedValue({ needsConfirmation: false } satisfies SignUpResult)
    api.auth.getSession.mockResolvedValue(signedIn())
    await fillSignUp(user)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(stores.ui.getState().modal).toBe('welcome'))
    expect(stores.session.getState().snapshot.user?.id).toBe('user-1')
  })

  it('explains the username rule before calling the server', async () => {
    const { user, api } = setup('signup')
    await fillSignUp(user, 'no spaces!')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.username)
    expect(api.auth.signUp).not.toHaveBeenCalled()
  })

  it("leaves the password length to the server and shows the server's message", async () => {
    const { user, api } = setup('signup')
    vi.mocked(api.auth.signUp).mockRejectedValueOnce(
      new Error('Password should be at least 6 characters.')
    )
    await user.type(screen.getByLabelText('Full name'), 'Jane Doe')
    await user.type(screen.getByLabelText('Username'), 'jane')
    await user.type(screen.getByLabelText('Email'), 'jane@example.com')
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password should be at least 6 characters.'
    )
    expect(api.auth.signUp).toHaveBeenCalledTimes(1)
  })
})

describe('AuthModal: account steps', () => {
  it('asks for the second factor after the password, then closes', async () => {
    const { user, api, stores } = setup('signin')
    api.auth.getSession.mockResolvedValue({ ...SIGNED_OUT, pending: 'second-factor' })
    await user.type(screen.getByLabelText('Username or email'), 'jane')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('dialog', { name: 'Two-factor authentication' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()

    api.account.verifySecondFactor.mockRejectedValueOnce(new Error(AUTH_MESSAGES.mfaCodeInvalid))
    await user.type(screen.getByLabelText('Security code'), '111111')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.mfaCodeInvalid)

    api.auth.getSession.mockResolvedValue(signedIn())
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(stores.ui.getState().modal).toBeNull())
    expect(api.account.verifySecondFactor).toHaveBeenLastCalledWith('111111')
  })

  it('switches the second step to a recovery code, says so when one is refused, then closes', async () => {
    const { user, api, stores } = setup('signin')
    api.auth.getSession.mockResolvedValue({ ...SIGNED_OUT, pending: 'second-factor' })
    api.account.recoveryCodeStatus.mockResolvedValue({ total: 10, remaining: 4 })
    await user.type(screen.getByLabelText('Username or email'), 'jane')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }))
    expect(screen.queryByLabelText('Security code')).not.toBeInTheDocument()

    api.account.redeemRecoveryCode.mockRejectedValueOnce(
      new Error(AUTH_MESSAGES.recoveryCodeInvalid)
    )
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.recoveryCodeInvalid)
    expect(api.account.verifySecondFactor).not.toHaveBeenCalled()

    api.auth.getSession.mockResolvedValue(signedIn())
    await user.clear(screen.getByLabelText('Recovery code'))
    await user.type(screen.getByLabelText('Recovery code'), 'k3m9q-zx7p2')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(stores.ui.getState().modal).toBeNull())
    expect(api.account.redeemRecoveryCode).toHaveBeenLastCalledWith('k3m9q-zx7p2')
  })

  it('offers no recovery code where the server has none (hosted) or none are left', async () => {
    const { user, api } = setup('signin')
    api.auth.getSession.mockResolvedValue({ ...SIGNED_OUT, pending: 'second-factor' })
    api.account.recoveryCodeStatus.mockResolvedValue(null)
    await user.type(screen.getByLabelText('Username or email'), 'jane')
    await user.type(screen.getByLabelText('Password'), 'secret123')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByLabelText('Security code')).toBeVisible()
    await waitFor(() => expect(api.account.recoveryCodeStatus).toHaveBeenCalled())
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument()
  })

  it('recovers a password: email, mailed code, then a new password typed twice', async () => {
    const { user, api, stores } = setup('signin')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.type(screen.getByLabelText('Email'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Send login link' }))
    expect(api.account.requestPasswordReset).toHaveBeenCalledWith('jane@example.com')
    expect(await screen.findByText(AUTH_MESSAGES.emailSent('jane@example.com'))).toBeVisible()

    await user.type(screen.getByLabelText('Code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(api.account.verifyEmailCode).toHaveBeenCalledWith({
      email: 'jane@example.com',
      code: '123456',
      kind: 'recovery'
    })
    await user.type(await screen.findByLabelText('New password'), 'new-secret')
    await user.type(screen.getByLabelText('New password, again'), 'other')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordMismatch)
    expect(api.account.setNewPassword).not.toHaveBeenCalled()

    await user.clear(screen.getByLabelText('New password, again'))
    await user.type(screen.getByLabelText('New password, again'), 'new-secret')
    api.auth.getSession.mockResolvedValue(signedIn())
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() => expect(stores.ui.getState().modal).toBeNull())
    expect(api.account.setNewPassword).toHaveBeenCalledWith('new-secret')
  })

  it('recovers the password of an account with two-factor: code, app code, then new password', async () => {
    const { user, api, stores } = setup('signin')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.type(screen.getByLabelText('Email'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Send login link' }))
    api.auth.getSession.mockResolvedValue({ ...SIGNED_OUT, pending: 'second-factor' })
    await user.type(await screen.findByLabelText('Code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    // The server takes a new password only from an aal2 session: the app's code comes first.
    expect(await screen.findByRole('dialog', { name: 'Two-factor authentication' })).toBeVisible()
    expect(api.account.setNewPassword).not.toHaveBeenCalled()
    api.auth.getSession.mockResolvedValue({ ...signedIn(), pending: 'new-password' })
    await user.type(screen.getByLabelText('Security code'), '222222')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    await user.type(await screen.findByLabelText('New password'), 'new-secret')
    await user.type(screen.getByLabelText('New password, again'), 'new-secret')
    api.auth.getSession.mockResolvedValue(signedIn())
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() => expect(stores.ui.getState().modal).toBeNull())
    expect(api.account.verifySecondFactor).toHaveBeenCalledWith('222222')
    expect(api.account.setNewPassword).toHaveBeenCalledWith('new-secret')
  })

  it('signs in with a login code', async () => {
    const { user, api, stores } = setup('signin')
    await user.click(screen.getByRole('button', { name: 'Send me a login code' }))
    await user.type(screen.getByLabelText('Email'), 'jane@example.com')
    await user.click(screen.getByRole('button', { name: 'Send me a login code' }))
    expect(api.account.sendLoginCode).toHaveBeenCalledWith('jane@example.com')
    api.auth.getSession.mockResolvedValue(signedIn())
    await user.type(await screen.findByLabelText('Code'), '654321')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(stores.ui.getState().modal).toBeNull())
    expect(api.account.verifyEmailCode).toHaveBeenCalledWith({
      email: 'jane@example.com',
      code: '654321',
      kind: 'login'
    })
  })
})

describe('AuthModal: focus follows the steps', () => {
  it('lands in the first field of each next step: email, code, new password', async () => {
    const { user, api } = setup('signin')
    expect(screen.getByLabelText('Username or email')).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    expect(screen.getByLabelText('Email')).toHaveFocus()
    await user.keyboard('jane@example.com{Enter}')
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus())
    api.auth.getSession.mockResolvedValue(signedIn())
    await user.keyboard('123456{Enter}')
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus())
  })

  it('lands in the security code after the password, and after a login code', async () => {
    const { user, api } = setup('signin')
    api.auth.getSession.mockResolvedValue({ ...SIGNED_OUT, pending: 'second-factor' })
    await user.keyboard('jane{Tab}secret123{Enter}')
    await waitFor(() => expect(screen.getByLabelText('Security code')).toHaveFocus())

    const again = setup('signin')
    again.api.auth.getSession.mockResolvedValue({ ...SIGNED_OUT, pending: 'second-factor' })
    await again.user.click(screen.getAllByRole('button', { name: 'Send me a login code' }).at(-1)!)
    await again.user.keyboard('jane@example.com{Enter}')
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus())
    await again.user.keyboard('654321{Enter}')
    await waitFor(() => expect(screen.getAllByLabelText('Security code').at(-1)).toHaveFocus())
  })
})
