import type { SuggestedPerson } from '@shared/domain'

/** The second line of a suggestion: why it is suggested, or the person's full name. */
export function followedByText(person: SuggestedPerson): string {
  if (person.followed_by_count === 1) return 'Followed by 1 person you follow'
  if (person.followed_by_count > 1) {
    return `Followed by ${person.followed_by_count} people you follow`
  }
  return person.full_name ?? 'Suggested for you'
}
