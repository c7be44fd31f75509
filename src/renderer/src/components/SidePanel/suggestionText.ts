/** The second line of a suggestion: why it is suggested, or the person's full name. */
export function followedByText(followedByCount: number, fullName: string | null): string {
  if (followedByCount === 1) return 'Followed by 1 person you follow'
  if (followedByCount > 1) return `Followed by ${followedByCount} people you follow`
  return fullName ?? 'Suggested for you'
}
