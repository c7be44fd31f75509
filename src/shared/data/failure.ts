// One way for this folder's operations to turn a failed request into an Error a user can read.

import { messageOr } from '../errors'

/** `what` says what could not be done ("Couldn't add your comment"); the reason follows. */
export function failure(what: string, error: unknown): Error {
  return new Error(`${what}: ${messageOr(error, 'unknown error')}`)
}
