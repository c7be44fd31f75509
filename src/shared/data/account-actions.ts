// The `account` half of the bridge contract over an AuthSession: what main serves over IPC in
// the desktop app and the page serves in the web build, so both answer and fail alike.

import type { Api } from '../bridge-contract'
import {
  changeEmail,
  changePassword,
  deleteAccount,
  requestPasswordReset,
  sendLoginCode,
  setPassword,
  verifyEmailCode
} from './account'
import type { CurrentSession } from './accounts'
import {
  confirmTwoFactor,
  enrollTwoFactor,
  listTwoFactor,
  removeTwoFactor,
  verifySecondFactor
} from './two-factor'
import { generateRecoveryCodes, recoveryCodeStatus, redeemRecoveryCode } from './recovery-codes'
import { REFUSED } from './refusal'

export const NOT_RECOVERING_MESSAGE = REFUSED.notRecovering

/**
 * `redirectTo` is where mailed links lead back: the web build's own address, or the desktop
 * app's instaframe://auth/ link; without one they lead to the project's site URL.
 */
export function createAccountActions(
  session: () => Promise<CurrentSession>,
  redirectTo?: string
): Api['account'] {
  const withClient = async <T>(
    work: (client: CurrentSession['client']) => Promise<T>
  ): Promise<T> => (await session()).withClient(work)

  return {
    requestPasswordReset: (email) =>
      withClient((client) => requestPasswordReset(client, email, redirectTo)),
    sendLoginCode: (email) => withClient((client) => sendLoginCode(client, email, redirectTo)),
    async verifyEmailCode(input) {
      const ready = await session()
      await ready.withClient((client) => verifyEmailCode(client, input))
      if (input.kind === 'recovery') await ready.setRecovering(true)
    },
    async setNewPassword(password) {
      const ready = await session()
      if (!ready.isRecovering()) throw new Error(NOT_RECOVERING_MESSAGE)
      await ready.withClient((client) => setPassword(client, password))
      await ready.setRecovering(false)
    },
    changePassword: (input) => withClient((client) => changePassword(client, input)),
    changeEmail: (email) => withClient((client) => changeEmail(client, email, redirectTo)),
    deleteAccount: (password) => withClient((client) => deleteAccount(client, password)),
    verifySecondFactor: (code) => withClient((client) => verifySecondFactor(client, code)),
    listTwoFactor: () => withClient(listTwoFactor),
    enrollTwoFactor: () => withClient(enrollTwoFactor),
    confirmTwoFactor: (input) => withClient((client) => confirmTwoFactor(client, input)),
    removeTwoFactor: (factorId) => withClient((client) => removeTwoFactor(client, factorId)),
    recoveryCodeStatus: () => withClient(recoveryCodeStatus),
    generateRecoveryCodes: () => withClient(generateRecoveryCodes),
    redeemRecoveryCode: (code) => withClient((client) => redeemRecoveryCode(client, code))
  }
}
