import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, authFailure } from '../../../src/shared/auth-messages'
import { failureWithHelp, splitHelp } from '../../../src/shared/errors'

const split = (error: Error): ReturnType<typeof splitHelp> => splitHelp(error.message)

describe('authFailure: the server says it, the app explains under it', () => {
  it("keeps the server's sentence first and adds the app's words by code", () => {
    const error = { code: 'invalid_credentials', message: 'Invalid login credentials' }
    expect(split(authFailure(error, 'Failed to sign in'))).toEqual({
      message: 'Invalid login credentials',
      help: AUTH_MESSAGES.wrongPassword
    })
  })

  it("explains a code-less server sentence, and leaves one it can't explain alone", () => {
    expect(split(authFailure({ message: 'User already registered' }, 'Failed to sign up'))).toEqual(
      { message: 'User already registered', help: AUTH_MESSAGES.emailTaken }
    )
    const weak = { code: 'weak_password', message: 'Password should be at least 6 characters.' }
    expect(split(authFailure(weak, 'Failed to sign up'))).toEqual({
      message: weak.message,
      help: null
    })
  })

  it("falls back to the spec's sentence when the server sends none", () => {
    expect(split(authFailure({ message: '{}', status: 503 }, 'Failed to sign in'))).toEqual({
      message: 'Failed to sign in',
      help: null
    })
    const offline = { name: 'AuthRetryableFetchError', message: '{}', status: 0 }
    expect(split(authFailure(offline, 'Failed to sign up'))).toEqual({
      message: 'Failed to sign up',
      help: AUTH_MESSAGES.offline
    })
  })

  it('takes the code from a database hint (the username sign-in check)', () => {
    const error = { code: 'P0001', hint: 'too_many_attempts', message: 'Too many wrong passwords' }
    expect(split(authFailure(error, 'Failed to sign in'))).toEqual({
      message: 'Too many wrong passwords',
      help: AUTH_MESSAGES.waitBeforeRetry
    })
  })
})

describe('failureWithHelp and splitHelp', () => {
  it('carry both lines in one message (what survives IPC and the contextBridge)', () => {
    const error = failureWithHelp('Failed to sign in', 'Check your username.')
    expect(error.message).toBe('Failed to sign in\nCheck your username.')
    expect(split(error)).toEqual({ message: 'Failed to sign in', help: 'Check your username.' })
  })

  it('say a message alone when there is no help, or the help would repeat it', () => {
    expect(failureWithHelp('Nope', null).message).toBe('Nope')
    expect(failureWithHelp('Nope', 'Nope').message).toBe('Nope')
    expect(splitHelp('Nope')).toEqual({ message: 'Nope', help: null })
  })
})
