// Splash for 1 s (docs/product.md, "Start"), then the header and one of two views; the open
// modal on top.

import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react'
import { SPLASH_DURATION_MS } from '@shared/limits'
import { FeedView } from './components/FeedView/FeedView'
import { Header } from './components/Header/Header'
import { Notice } from './components/Notice/Notice'
import { ProfileView } from './components/ProfileView/ProfileView'
import { Splash } from './components/Splash/Splash'
import { BrowseView } from './components/BrowseView/BrowseView'
import { Toast } from './components/Toast/Toast'
import { postIdFromWebLink } from '@shared/post-link'
import { useBrowse, usePost, useSession, useStores, useUi } from './store'
import { selectIsSignedIn } from './store/session/sessionStore'

// Code a start does not run: loaded when the modal first opens.
const AuthModal = lazy(() =>
  import('./components/AuthModal/AuthModal').then((module) => ({ default: module.AuthModal }))
)
const PostView = lazy(() =>
  import('./components/PostView/PostView').then((module) => ({ default: module.PostView }))
)
const CreatePostModal = lazy(() =>
  import('./components/CreatePostModal/CreatePostModal').then((module) => ({
    default: module.CreatePostModal
  }))
)

export function App({ splashMs = SPLASH_DURATION_MS }: { splashMs?: number }): ReactElement {
  const { session, ui, profile, post, saved, browse } = useStores()
  const browsing = useBrowse((state) => state.page !== null)
  const postOpen = usePost((state) => state.openId !== null)
  const [splash, setSplash] = useState(splashMs > 0)
  const view = useUi((state) => state.view)
  const modal = useUi((state) => state.modal)
  const notice = useUi((state) => state.notice)
  const signedIn = useSession(selectIsSignedIn)

  useEffect(() => session.getState().init(), [session])

  // Going to the feed or the profile leaves a tag or person page.
  useEffect(() => browse.getState().close(), [view, browse])

  // A copied post link (?p=<id>) opens that post.
  useEffect(() => {
    const linked = postIdFromWebLink(window.location.href)
    if (linked) void post.getState().openPost(linked, [linked])
  }, [post])

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
    saved.getState().clear()
    ui.getState().showFeed()
    if (ui.getState().modal === 'create') ui.getState().closeModal()
  }, [signedIn, profile, ui, saved])

  if (splash) return <Splash />

  return (
    <>
      <Header />
      {notice && <Notice text={notice} onDismiss={() => ui.getState().setNotice(null)} />}
      {browsing ? <BrowseView /> : view === 'profile' && signedIn ? <ProfileView /> : <FeedView />}
      <Suspense fallback={null}>
        {postOpen && <PostView />}
        {modal === 'auth' && <AuthModal />}
        {modal === 'create' && signedIn && <CreatePostModal />}
      </Suspense>
      <Toast />
    </>
  )
}
