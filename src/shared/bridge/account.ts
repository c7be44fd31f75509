// The bridge's auth and account domain: signing up and in, several accounts, recovery and
// emailed codes, password and email changes, two-factor, recovery codes and deletion.

import type { AuthSnapshot } from '../auth-snapshot'

export interface SignUpInput {
  fullName: string
  username: string
  email: string
  password: string
}

export interface SignInInput {
  /** An email address or a username (signIn looks the email up when given a username). */
  email: string
  password: string
}

/** A 6-digit code mailed for password recovery or for signing in without the password. */
export interface EmailCodeInput {
  email: string
  code: string
  kind: 'recovery' | 'login'
}

export interface PasswordChangeInput {
  currentPassword: string
  newPassword: string
}

/** What turning two-factor on shows: the QR code (SVG markup from the server) and its secret. */
export interface TotpEnrollment {
  factorId: string
  qrCodeSvg: string
  secret: string
}

export interface TwoFactorConfirmation {
  factorId: string
  code: string
}

/** One authenticator app the user turned two-factor on with. */
export interface TwoFactorMethod {
  id: string
  name: string
  createdAt: string
}

/** The user's recovery codes: how many the current set has and how many are unused. */
export interface RecoveryCodeStatus {
  total: number
  remaining: number
}

export interface SignUpResult {
  /** True when the server wants the email confirmed first (no session was returned). */
  needsConfirmation: boolean
}

/** Signing in and out, and the accounts signed in on this install. */
export interface AuthApi {
  getSession(): Promise<AuthSnapshot>
  signUp(input: SignUpInput): Promise<SignUpResult>
  signIn(input: SignInInput): Promise<void>
  /** Logs out of the current account; another signed-in one (if any) becomes current. */
  signOut(): Promise<void>
  getAccessToken(): Promise<string | null>
  /** Several accounts: the snapshot's `accounts` lists them, in this order. */
  switchAccount(userId: string): Promise<void>
  addAccount(): Promise<void>
  cancelAddAccount(): Promise<void>
  signOutAll(): Promise<void>
  /** Subscribes to session changes; returns the unsubscribe function. */
  onChanged(listener: (snapshot: AuthSnapshot) => void): () => void
}

/** Recovery, emailed codes, password and email changes, two-factor and account deletion. */
export interface AccountApi {
  requestPasswordReset(email: string): Promise<void>
  sendLoginCode(email: string): Promise<void>
  verifyEmailCode(input: EmailCodeInput): Promise<void>
  setNewPassword(password: string): Promise<void>
  changePassword(input: PasswordChangeInput): Promise<void>
  changeEmail(email: string): Promise<void>
  deleteAccount(password: string): Promise<void>
  verifySecondFactor(code: string): Promise<void>
  listTwoFactor(): Promise<TwoFactorMethod[]>
  enrollTwoFactor(): Promise<TotpEnrollment>
  confirmTwoFactor(input: TwoFactorConfirmation): Promise<void>
  removeTwoFactor(factorId: string): Promise<void>
  recoveryCodeStatus(): Promise<RecoveryCodeStatus | null>
  generateRecoveryCodes(): Promise<string[]>
  redeemRecoveryCode(code: string): Promise<void>
}
