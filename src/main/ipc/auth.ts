// auth:* — sign up, sign in, sign out and session reads, all through main's AuthSession.

import { MESSAGES } from '../../shared/messages'
import type { AuthSession } from '../../shared/data/session'
import type { Handle } from './handle'
import { noPayload, signInSchema, signUpSchema } from './schemas'

export type AuthService = Pick<
  AuthSession,
  'getSnapshot' | 'getAccessToken' | 'signUp' | 'signIn' | 'signOut'
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
}
