// The signed-in user's own profile, saved for offline starts. Reading the session offline finds
// the user (their tokens are kept by the platform) but not their profile, which needs the
// backend; without it the header, the account menu and queued items would show "unknown".

import type { Profile } from '@shared/domain'
import type { SessionStore } from './sessionStore'
import { cacheKeys, type SavedAnswers } from '../../offline/cache/savedAnswers'

/**
 * Saves the profile whenever the session has one, and fills it in from the saved copy when the
 * session knows the user but could not read their profile. Returns the unsubscribe function.
 */
export function keepOwnProfile(session: SessionStore, saved: SavedAnswers): () => void {
  let lastSaved: Profile | null = null
  let filling: string | null = null
  return session.subscribe(({ snapshot, status }) => {
    const { user, profile } = snapshot
    if (status !== 'ready' || !user) return
    if (profile) {
      if (profile !== lastSaved && profile.id === user.id) {
        lastSaved = profile
        saved.write(cacheKeys.ownProfile, profile)
      }
      return
    }
    if (filling === user.id) return
    filling = user.id
    void saved.read<Profile>(cacheKeys.ownProfile).then((cached) => {
      filling = null
      const now = session.getState().snapshot
      if (cached && cached.id === user.id && now.user?.id === user.id && !now.profile) {
        session.getState().setProfile(cached)
      }
    })
  })
}
