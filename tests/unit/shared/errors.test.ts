import { describe, expect, it } from 'vitest'
import { messageOr } from '../../../src/shared/errors'

describe('messageOr', () => {
  it("uses the server's message when there is one", () => {
    expect(messageOr(new Error('Invalid login credentials'), 'Failed to sign in')).toBe(
      'Invalid login credentials'
    )
    expect(messageOr({ message: 'User already registered' }, 'Failed to sign up')).toBe(
      'User already registered'
    )
  })

  it('falls back when the message is empty or the "{}" of a retryable auth error', () => {
    expect(messageOr(new Error('{}'), 'Failed to sign up')).toBe('Failed to sign up')
    expect(messageOr(new Error('  '), 'Failed to sign out')).toBe('Failed to sign out')
    expect(messageOr(null, 'Failed to sign in')).toBe('Failed to sign in')
  })
})
