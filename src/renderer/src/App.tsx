// Splash for 1 s (docs/product.md, "Start"), then the header and one of two views; the open
// modal on top.

import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement } from 'react'
import { SPLASH_DURATION_MS } from '@shared/limits'
import { FeedView } from './components/FeedView/FeedView'
import { Header } from './components/Header/Header'
import { Notice } from './components/Notice/Notice'
import { ProfileView } from './components/ProfileView/ProfileView'
import { Splash } from './components/Splash/Splash'
import { UpdateBanner } from './components/UpdateBanner/UpdateBanner'
import { connectAppEvents, createActionHandlers } from './keyboard/actions'
import { useShortcuts } from './keyboard/useShortcuts'
import { useSession, useStores, useUi } from './store'
import { selectIsSignedIn, selectProfile } from './store/session/sessionStore'

// Code a start does not run: loaded when the modal first opens.
const AuthModal = lazy(() =>
  import('./components/AuthModal/AuthModal').then((module) => ({ default: module.AuthModal }))
)
const ShortcutsSheet = lazy(() =>
  import('./components/ShortcutsSheet/ShortcutsSheet').then((module) => ({
    default: module.ShortcutsSheet
  }))
)
const CreatePostModal = lazy(() =>
  import('./components/CreatePostModal/CreatePostModal').then((module) => ({
    default: module.CreatePostModal
  }))
)

const focusSearch = (): void =>
  document.querySelector<HTMLInputElement>('input[type="search"]')?.focus()

export function App({ splashMs = SPLASH_DURATION_MS }: { splashMs?: number }): ReactElement {
  const stores = useStores()
  const { session, ui, profile } = stores
  const [splash, setSplash] = useState(splashMs > 0)
  const view = useUi((state) => state.view)
  const modal = useUi((state) => state.modal)
  const notice = useUi((state) => state.notice)
  const signedIn = useSession(selectIsSignedIn)
  const ownUsername = useSession(selectProfile)?.username

  useEffect(() => session.getState().init(), [session])

  // Menu commands, deep links and keyboard shortcuts all run the same actions.
  const actions = useMemo(() => createActionHandlers(stores, focusSearch), [stores])
  useEffect(() => connectAppEvents(stores, actions), [stores, actions])
  useShortcuts(actions, !splash && modal === null)

  // The window title names the view; the desktop app shows it in the title bar and task switcher.
  useEffect(() => {
    const showingProfile = view === 'profile' && signedIn && ownUsername
    document.title = showingProfile ? `${ownUsername} • Instaframe` : 'Instaframe'
  }, [view, signedIn, ownUsername])

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
    if (ui.getState().modal === 'create') ui.getState().closeModal()
  }, [signedIn, profile, ui])

  if (splash) return <Splash />

  return (
    <>
      <Header />
      {notice && <Notice text={notice} onDismiss={() => ui.getState().setNotice(null)} />}
      <UpdateBanner />
      {view === 'profile' && signedIn ? <ProfileView /> : <FeedView />}
      <Suspense fallback={null}>
        {modal === 'auth' && <AuthModal />}
        {modal === 'create' && signedIn && <CreatePostModal />}
        {modal === 'shortcuts' && <ShortcutsSheet onClose={() => ui.getState().closeModal()} />}
      </Suspense>
    </>
  )
}
