// Editing one's own profile: the avatar upload and the fields (the upload is the lead's to fold
// into the one upload pipeline), and whether a username can be taken.

import type { Profile } from '@shared/domain'
import type { GetPeople, PeopleDeps, PeopleState } from './peopleTypes'

export function profileEditingActions(
  deps: PeopleDeps,
  get: GetPeople
): Pick<PeopleState, 'saveProfile' | 'usernameProblem'> {
  return {
    async saveProfile(changes, avatar) {
      const userId = deps.getUserId()
      if (!userId) throw new Error('Sign in to edit your profile')
      let saved: Profile | null = null
      if (avatar) saved = await deps.people.uploadAvatar(userId, avatar.bytes, avatar.type)
      if (Object.keys(changes).length > 0) {
        saved = await deps.people.updateProfile(userId, changes)
      }
      if (!saved) throw new Error('Nothing to save')
      get().personChanged(saved)
      return saved
    },

    async usernameProblem(username) {
      const userId = deps.getUserId()
      if (!userId) return null
      return deps.people.usernameProblem(userId, username)
    }
  }
}
