// People: one copy of each person shown anywhere (by id), whom the signed-in user follows, anyone's
// profile page, suggestions, search and the followers/following lists. Lists hold ids, and
// follower counts shown anywhere come from one map, so a follow made in the side panel shows on
// the profile page too, and a new avatar or name is applied once (`personChanged`) for every
// row, the profile page and the headers of the person's posts. Each concern is a module of this
// folder; data goes through the shared operations in src/shared/data (bound in services).

import { createStore } from 'zustand/vanilla'
import { followActions } from './following'
import { connectionActions, findingActions } from './peopleLists'
import { withPeople } from './personEntities'
import { profileActions, profileCountsActions } from './profileActions'
import { profileEditingActions } from './profileEditing'
import type { PeopleDeps, PeopleState, PeopleStore } from './peopleTypes'

export type { PageStatus, ProfilePage, ProfileSnapshot } from './profilePage'
export type {
  ConnectionsList,
  PeopleDeps,
  PeopleState,
  PeopleStore,
  SearchResults
} from './peopleTypes'

type PeopleData = Pick<
  PeopleState,
  | 'byId'
  | 'followedIds'
  | 'followerIds'
  | 'requestedIds'
  | 'pendingIds'
  | 'followerCounts'
  | 'ownFollowingDelta'
  | 'page'
  | 'suggestions'
  | 'suggestionsStatus'
  | 'list'
  | 'followError'
  | 'search'
>

const initial = (): PeopleData => ({
  byId: {},
  followedIds: new Set<string>(),
  followerIds: new Set<string>(),
  requestedIds: new Set<string>(),
  pendingIds: new Set<string>(),
  followerCounts: {},
  ownFollowingDelta: 0,
  page: null,
  suggestions: [],
  suggestionsStatus: 'idle',
  list: null,
  followError: null,
  search: { query: '', status: 'idle', results: [] }
})

export function createPeopleStore(deps: PeopleDeps): PeopleStore {
  return createStore<PeopleState>()((set, get) => ({
    ...initial(),
    ...followActions(deps, set, get),
    ...findingActions(deps, set, get),
    ...connectionActions(deps, set, get),
    ...profileActions(deps, set, get),
    ...profileCountsActions(deps, set, get),
    ...profileEditingActions(deps, get),

    put: (people) => set((state) => ({ byId: withPeople(state.byId, people) })),

    personChanged(person) {
      set((state) => {
        const page = state.page
        const shown = page?.profile?.id === person.id
        return {
          byId: withPeople(state.byId, [person]),
          // The page follows a rename, so it is still the one shown under the new name.
          ...(shown && page ? { page: { ...page, username: person.username } } : {})
        }
      })
      deps.posts.getState().authorChanged({ user_id: person.id, ...person })
    },

    reset: () => set(initial())
  }))
}
