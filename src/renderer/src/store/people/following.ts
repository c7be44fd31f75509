// Who the signed-in user follows: learnt for the people shown, changed optimistically (queued
// offline, reconciled with the server's follower count, rolled back and said when refused).

import { errorText, phrase } from '../../i18n/phrase'
import { sendOrQueue } from '../../offline/outbox/outboxStore'
import type { GetPeople, PeopleDeps, PeopleState, SetPeople } from './peopleTypes'

const withId = (ids: ReadonlySet<string>, id: string, on: boolean): Set<string> => {
  const next = new Set(ids)
  if (on) next.add(id)
  else next.delete(id)
  return next
}

export function followActions(
  deps: PeopleDeps,
  set: SetPeople,
  get: GetPeople
): Pick<
  PeopleState,
  'learn' | 'learnFollowState' | 'setFollowing' | 'withdrawRequest' | 'learnRequested'
> {
  return {
    async learn(people) {
      if (people.length === 0) return
      const counts = Object.fromEntries(people.map((person) => [person.id, person.followers_count]))
      set((state) => ({ followerCounts: { ...counts, ...state.followerCounts } }))
      await get().learnFollowState(people.map((person) => person.id))
    },

    async learnFollowState(ids) {
      const userId = deps.getUserId()
      if (!userId || ids.length === 0) return
      try {
        const [followed, followers] = await Promise.all([
          deps.people.followedAmong(userId, ids),
          deps.people.followersAmong(userId, ids)
        ])
        set((state) => {
          const next = new Set(state.followedIds)
          // Someone with a toggle in flight keeps the optimistic state.
          for (const id of ids) if (!state.pendingIds.has(id)) next.delete(id)
          for (const id of followed) if (!state.pendingIds.has(id)) next.add(id)
          const followerIds = new Set(state.followerIds)
          for (const id of ids) followerIds.delete(id)
          for (const id of followers) followerIds.add(id)
          return { followedIds: next, followerIds }
        })
      } catch (error) {
        console.error('Error reading follows', error)
      }
    },

    learnRequested(personId, requested) {
      set((state) => ({ requestedIds: withId(state.requestedIds, personId, requested) }))
    },

    async withdrawRequest(personId) {
      const userId = deps.getUserId()
      if (!userId || !get().requestedIds.has(personId)) return
      set((state) => ({ requestedIds: withId(state.requestedIds, personId, false) }))
      try {
        await deps.people.unfollow(userId, personId)
      } catch (error) {
        set((state) => ({
          requestedIds: withId(state.requestedIds, personId, true),
          followError: errorText(error, phrase('errors.unknown'))
        }))
      }
    },

    async setFollowing(person, on) {
      const userId = deps.getUserId()
      if (!userId || get().pendingIds.has(person.id)) return
      const wasFollowing = get().followedIds.has(person.id)
      if (wasFollowing === on) return
      const previousCount = get().followerCounts[person.id] ?? person.followers_count
      const delta = on ? 1 : -1
      set((state) => ({
        pendingIds: withId(state.pendingIds, person.id, true),
        followError: null
      }))
      const apply = (): void =>
        set((state) => ({
          followedIds: withId(state.followedIds, person.id, on),
          followerCounts: {
            ...state.followerCounts,
            [person.id]: Math.max(0, previousCount + delta)
          },
          ownFollowingDelta: state.ownFollowingDelta + delta
        }))
      let applied = false
      try {
        const outcome = await sendOrQueue(
          deps.queue,
          { kind: 'follow', userId: person.id, following: on },
          () =>
            on ? deps.people.follow(userId, person.id) : deps.people.unfollow(userId, person.id),
          () => {
            applied = true
            apply()
          }
        )
        if (outcome.status === 'sent' && outcome.result.requested) {
          // A private account: asked, not followed, until it approves.
          set((state) => ({
            followedIds: withId(state.followedIds, person.id, false),
            requestedIds: withId(state.requestedIds, person.id, true),
            followerCounts: { ...state.followerCounts, [person.id]: previousCount },
            ownFollowingDelta: applied ? state.ownFollowingDelta - delta : state.ownFollowingDelta
          }))
        } else if (outcome.status === 'sent') {
          const count = outcome.result.followersCount
          set((state) => ({ followerCounts: { ...state.followerCounts, [person.id]: count } }))
        }
        deps.onFollowChanged?.()
      } catch (error) {
        set((state) => ({
          followedIds: withId(state.followedIds, person.id, wasFollowing),
          followerCounts: { ...state.followerCounts, [person.id]: previousCount },
          ownFollowingDelta: applied ? state.ownFollowingDelta - delta : state.ownFollowingDelta,
          followError: errorText(error, phrase('errors.unknown'))
        }))
      } finally {
        set((state) => ({ pendingIds: withId(state.pendingIds, person.id, false) }))
      }
    }
  }
}
