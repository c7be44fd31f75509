// auth:* — sign up, sign in, sign out, session reads and switching between signed-in accounts,
// all through main's AccountSessions.

import { MESSAGES } from '../../shared/messages'
import type { AccountSessions } from '../../shared/data/accounts'
import type { Handle } from './handle'
import { noPayload, signInSchema, signUpSchema, userIdSchema } from './schemas'

export type AuthService = Pick<
  AccountSessions,
  | 'getSnapshot'
  | 'getAccessToken'
  | 'signUp'
  | 'signIn'
  | 'signOut'
  | 'switchTo'
  | 'addAccount'
  | 'cancelAddAccount'
  | 'signOutAll'
>

export function registerAuthIpc(handle: Handle, session: AuthService): void {
  handle('auth:get-session', noPayload, () => session.getSnapshot())
  handle('auth:get-access-token', noPayload, () => session.getAccessToken())
  handle('auth:sign-up', signUpSchema, (input) => session.signUp(input), {
    fallbackMessage: MESSAGES.signUpFailed
  })
  handle('auth:sign-in', signInSchema, (input) => session.signIn(input), {
    fallbackMessage: MESSAGES.signInFailed
  })
  handle('auth:sign-out', noPayload, () => session.signOut(), {
    fallbackMessage: MESSAGES.signOutFailed
  })
  handle('auth:switch-account', userIdSchema, (userId) => session.switchTo(userId))
  handle('auth:add-account', noPayload, () => session.addAccount())
  handle('auth:cancel-add-account', noPayload, () => session.cancelAddAccount())
  handle('auth:sign-out-all', noPayload, () => session.signOutAll(), {
    fallbackMessage: MESSAGES.signOutFailed
  })
}
