// Splash for the spec's 1 s, then the header and one of two views; the open modal on top.

import { useEffect, useState, type ReactElement } from 'react'
import { SPLASH_DURATION_MS } from '@shared/limits'
import { AuthModal } from './components/AuthModal/AuthModal'
import { CreatePostModal } from './components/CreatePostModal/CreatePostModal'
import { FeedView } from './components/FeedView/FeedView'
import { Header } from './components/Header/Header'
import { Notice } from './components/Notice/Notice'
import { ProfileView } from './components/ProfileView/ProfileView'
import { Splash } from './components/Splash/Splash'
import { BrowseView } from './components/BrowseView/BrowseView'
import { PostView } from './components/PostView/PostView'
import { Toast } from './components/Toast/Toast'
import { postIdFromWebLink } from '@shared/post-link'
import { useBrowse, useSession, useStores, useUi } from './store'
import { selectIsSignedIn } from './store/session/sessionStore'

export function App({ splashMs = SPLASH_DURATION_MS }: { splashMs?: number }): ReactElement {
  const { session, ui, profile, post, saved, browse } = useStores()
  const browsing = useBrowse((state) => state.page !== null)
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

  // Spec §4: the profile is cleared on sign-out, and a visitor has no profile to look at.
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
      <PostView />
      {modal === 'auth' && <AuthModal />}
      {modal === 'create' && signedIn && <CreatePostModal />}
      <Toast />
    </>
  )
}
