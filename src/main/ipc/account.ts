// account:* — recovery, emailed codes, password and email changes, two-factor and deletion, all
// through main's AuthSession (the shared account actions the web build's page runs too).

import type { Api } from '../../shared/bridge-contract'
import { ACCOUNT_FAILED } from '../../shared/data/account'
import type { Handle } from './handle'
import {
  emailCodeSchema,
  emailSchema,
  factorIdSchema,
  noPayload,
  passwordChangeSchema,
  passwordSchema,
  recoveryCodeSchema,
  secondFactorCodeSchema,
  twoFactorConfirmationSchema
} from './schemas'

export function registerAccountIpc(handle: Handle, account: Api['account']): void {
  const options = { fallbackMessage: ACCOUNT_FAILED }
  handle('account:request-password-reset', emailSchema, account.requestPasswordReset, options)
  handle('account:send-login-code', emailSchema, account.sendLoginCode, options)
  handle('account:verify-email-code', emailCodeSchema, account.verifyEmailCode, options)
  handle('account:set-new-password', passwordSchema, account.setNewPassword, options)
  handle('account:change-password', passwordChangeSchema, account.changePassword, options)
  handle('account:change-email', emailSchema, account.changeEmail, options)
  handle('account:delete', passwordSchema, account.deleteAccount, options)
  handle(
    'account:verify-second-factor',
    secondFactorCodeSchema,
    account.verifySecondFactor,
    options
  )
  handle('account:list-two-factor', noPayload, () => account.listTwoFactor(), options)
  handle('account:enroll-two-factor', noPayload, () => account.enrollTwoFactor(), options)
  handle(
    'account:confirm-two-factor',
    twoFactorConfirmationSchema,
    account.confirmTwoFactor,
    options
  )
  handle('account:remove-two-factor', factorIdSchema, account.removeTwoFactor, options)
  handle('account:recovery-code-status', noPayload, () => account.recoveryCodeStatus(), options)
  handle(
    'account:generate-recovery-codes',
    noPayload,
    () => account.generateRecoveryCodes(),
    options
  )
  handle('account:redeem-recovery-code', recoveryCodeSchema, account.redeemRecoveryCode, options)
}
