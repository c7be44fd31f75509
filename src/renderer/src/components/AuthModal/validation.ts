// Client-side hints for rules the server enforces anyway, so the user reads a clear sentence
// instead of a constraint name. The database lowercases the username, so we check it lowercased.

export const USERNAME_PATTERN = /^[a-z0-9._]{3,30}$/
export const MIN_PASSWORD_LENGTH = 6

export const VALIDATION_MESSAGES = {
  username: 'Usernames are 3–30 characters: lowercase letters, numbers, periods and underscores.',
  password: `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`
} as const

export function validateSignUp(input: { username: string; password: string }): string | null {
  if (!USERNAME_PATTERN.test(input.username.trim().toLowerCase()))
    return VALIDATION_MESSAGES.username
  if (input.password.length < MIN_PASSWORD_LENGTH) return VALIDATION_MESSAGES.password
  return null
}
