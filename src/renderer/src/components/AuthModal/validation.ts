// A client-side hint for a rule the database enforces anyway, so the user reads a clear sentence
// instead of a failed sign-up. The database lowercases the username, so we check it lowercased.
// Deliberately no password length rule on the client (docs/product.md, "Auth modal"): a short
// password goes to the server, whose weak_password message ("Password should be at least 6
// characters.") is shown as is.

import { USERNAME_PATTERN } from '@shared/limits'

export const VALIDATION_MESSAGES = {
  username:
    'Usernames are 3–30 characters: lowercase letters, numbers, periods and underscores, with a letter or number and no period at either end or two in a row.'
} as const

export function validateSignUp(input: { username: string }): string | null {
  if (!USERNAME_PATTERN.test(input.username.trim().toLowerCase()))
    return VALIDATION_MESSAGES.username
  return null
}
