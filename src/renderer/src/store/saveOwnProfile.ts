// Saving one's own profile (Edit profile, the welcome's photo step): the people store saves it,
// then the session (header, side panel) and every post of theirs, wherever it is listed, show
// the new name and avatar.

import type { Profile } from '@shared/domain'
import type { ImageFile } from '@shared/bridge-contract'
import type { AppStores } from './appStores'
import type { PeopleState } from './people/peopleTypes'

export async function saveOwnProfile(
  stores: Pick<AppStores, 'people' | 'session' | 'posts'>,
  changes: Parameters<PeopleState['saveProfile']>[0],
  avatar: ImageFile | null
): Promise<Profile> {
  const saved = await stores.people.getState().saveProfile(changes, avatar)
  stores.session.getState().setProfile(saved)
  stores.posts.getState().authorChanged({ user_id: saved.id, ...saved })
  return saved
}
