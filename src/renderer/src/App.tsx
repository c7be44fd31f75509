// Splash for 1 s (docs/product.md, "Start"), then the header and one of two views; the open
// modal on top.

import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react'
import { SPLASH_DURATION_MS } from '@shared/limits'
import { FeedView } from './components/FeedView/FeedView'
import { Header } from './components/Header/Header'
import { Notice } from './components/Notice/Notice'
import { ProfileView } from './components/ProfileView/ProfileView'
import { Splash } from './components/Splash/Splash'
import { useSession, useStores, useStoriesStore, useUi } from './store'
import { selectIsSignedIn } from './store/session/sessionStore'

// Code a start does not run: loaded when the modal first opens.
const AuthModal = lazy(() =>
  import('./components/AuthModal/AuthModal').then((module) => ({ default: module.AuthModal }))
)
const CreateStoryModal = lazy(() =>
  import('./components/CreateStoryModal/CreateStoryModal').then((module) => ({
    default: module.CreateStoryModal
  }))
)
const StoryViewer = lazy(() =>
  import('./components/StoryViewer/StoryViewer').then((module) => ({
    default: module.StoryViewer
  }))
)
const CreatePostModal = lazy(() =>
  import('./components/CreatePostModal/CreatePostModal').then((module) => ({
    default: module.CreatePostModal
  }))
)

export function App({ splashMs = SPLASH_DURATION_MS }: { splashMs?: number }): ReactElement {
  const { session, ui, profile, stories } = useStores()
  const [splash, setSplash] = useState(splashMs > 0)
  const view = useUi((state) => state.view)
  const modal = useUi((state) => state.modal)
  const notice = useUi((state) => state.notice)
  const signedIn = useSession(selectIsSignedIn)
  const userId = useSession((state) => state.snapshot.user?.id ?? null)
  const viewingStories = useStoriesStore((state) => state.viewer !== null)

  useEffect(() => session.getState().init(), [session])

  useEffect(() => {
    if (splashMs <= 0) return
    const timer = setTimeout(() => setSplash(false), splashMs)
    return () => clearTimeout(timer)
  }, [splashMs])

  // The profile is cleared on sign-out, and a visitor has no profile to look at
  // (docs/product.md, "Views and navigation").
  useEffect(() => {
    if (signedIn) return
    profile.getState().clear()
    ui.getState().showFeed()
    if (ui.getState().modal === 'create' || ui.getState().modal === 'story') {
      ui.getState().closeModal()
    }
  }, [signedIn, profile, ui])

  // Stories are per reader: whoever signs in gets their own strip; a visitor sees the samples.
  useEffect(() => {
    stories.getState().clear()
    if (userId) void stories.getState().loadStrip()
  }, [userId, stories])

  if (splash) return <Splash />

  return (
    <>
      <Header />
      {notice && <Notice text={notice} onDismiss={() => ui.getState().setNotice(null)} />}
      {view === 'profile' && signedIn ? <ProfileView /> : <FeedView />}
      <Suspense fallback={null}>
        {modal === 'auth' && <AuthModal />}
        {modal === 'create' && signedIn && <CreatePostModal />}
        {modal === 'story' && signedIn && <CreateStoryModal />}
        {viewingStories && <StoryViewer />}
      </Suspense>
    </>
  )
}
