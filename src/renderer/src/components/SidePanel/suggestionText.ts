import type { TFunction } from 'i18next'

/** The second line of a suggestion: why it is suggested, or the person's full name. */
export function followedByText(
  t: TFunction,
  followedByCount: number,
  fullName: string | null
): string {
  if (followedByCount > 0) return t('people.followedBy', { count: followedByCount })
  return fullName ?? t('people.suggestedForYou')
}
