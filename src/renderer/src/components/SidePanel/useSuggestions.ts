// The people the database suggests to the signed-in reader (ranked by it), read when someone
// signs in; the side panel and the lists of people to follow draw them.

import { useEffect } from 'react'
import { SUGGESTION_COUNT } from '@shared/limits'
import { usePeople, useSession, useStores } from '../../store'
import type { PeopleState } from '../../store/people/peopleTypes'
import { selectUserId } from '../../store/session/sessionStore'

export function useSuggestions(): Pick<PeopleState, 'suggestions' | 'suggestionsStatus'> & {
  userId: string | null
} {
  const { people } = useStores()
  const userId = useSession(selectUserId)
  const suggestions = usePeople((state) => state.suggestions)
  const suggestionsStatus = usePeople((state) => state.suggestionsStatus)
  useEffect(() => {
    if (userId) void people.getState().loadSuggestions(SUGGESTION_COUNT)
  }, [people, userId])
  return { userId, suggestions, suggestionsStatus }
}
