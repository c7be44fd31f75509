// What changes with who is signed in, once the session says so: a sign-in step left to do opens
// the auth modal on it; a visitor has no saved posts and no modal to post or edit in; muted
// words and the stories strip are each person's own.

import { useEffect } from 'react'
import { useSession, useStores } from '../store'
import { selectIsSignedIn, selectUserId } from '../store/session/sessionStore'

export function usePerUserStores(): void {
  const { ui, saved, controls, stories } = useStores()
  const signedIn = useSession(selectIsSignedIn)
  const userId = useSession(selectUserId)

  // A sign-in step left to do (the second factor after a restart, a new password after a
  // recovery link in the web build) opens the auth modal on it.
  const pendingStep = useSession((state) => state.snapshot.pending)
  useEffect(() => {
    if (pendingStep) ui.getState().openAuth(pendingStep)
  }, [pendingStep, ui])

  // Saved posts are cleared on sign-out, and a visitor has no modal to post or edit in.
  useEffect(() => {
    if (signedIn) return
    saved.getState().clear()
    const open = ui.getState().modal
    if (open === 'create' || open === 'edit-profile' || open === 'story' || open === 'welcome') {
      ui.getState().closeModal()
    }
  }, [signedIn, ui, saved])

  // Muted words and the like are per person: whoever signs in gets their own.
  useEffect(() => {
    controls.getState().clear()
    if (userId) void controls.getState().load()
  }, [userId, controls])

  // Stories are per reader: whoever signs in gets their own strip; a visitor sees the samples.
  useEffect(() => {
    stories.getState().clear()
    if (userId) void stories.getState().loadStrip()
  }, [userId, stories])
}
