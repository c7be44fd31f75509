// Splash for 1 s (docs/product.md, "Start"), then the header and the current route's view; the
// open modal on top. Routes live in the URL's hash (store/router), so Back and Forward work
// everywhere.

import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type ReactElement
} from 'react'
import { SPLASH_DURATION_MS } from '@shared/limits'
import { FeedView } from './components/FeedView/FeedView'
import { NotFoundPage } from './components/NotFoundPage/NotFoundPage'
import { Header } from './components/Header/Header'
import { DropOverlay } from './components/DropOverlay/DropOverlay'
import { Notice } from './components/Notice/Notice'
import { OfflineBanner } from './components/OfflineBanner/OfflineBanner'
import { ProfilePage } from './components/ProfilePage/ProfilePage'
import { Splash } from './components/Splash/Splash'
import { Toast } from './components/Toast/Toast'
import { UpdateBanner } from './components/UpdateBanner/UpdateBanner'
import { postIdFromWebLink } from '@shared/post-link'
import { connectAppEvents, createActionHandlers } from './keyboard/actions'
import { useShortcuts } from './keyboard/useShortcuts'
import { useAccountSwitching } from './keyboard/accountShortcuts'
import { useWindowDrop } from './drop/useWindowDrop'
import { useLiveUpdates } from './live/useLiveUpdates'
import { syncOpenPost } from './navigation/postRoute'
import {
  useActivity,
  useBrowse,
  useOpenPost,
  usePost,
  useRouter,
  useSession,
  useStores,
  useStoriesStore,
  useUi
} from './store'
import { postRoute, routeHash, type PageRoute } from './store/router/routes'
import { selectPostMissing } from './store/openPost/openPostStore'
import { selectIsSignedIn, selectUserId } from './store/session/sessionStore'
import { useApplyPreferences } from './preferences/usePreferences'
import { windowTitle } from './windowTitle'
import { preloadable } from './preloadable'
import { ProfileTabs } from './components/ProfilePage/profileTabsLoader'

// Code a start does not run: each modal is loaded when it first opens.
const AuthModal = lazy(() =>
  import('./components/AuthModal/AuthModal').then((module) => ({ default: module.AuthModal }))
)
const PostView = lazy(() =>
  import('./components/PostView/PostView').then((module) => ({ default: module.PostView }))
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
const LikersModal = lazy(() =>
  import('./components/LikersModal/LikersModal').then((module) => ({
    default: module.LikersModal
  }))
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
const EditProfileModal = lazy(() =>
  import('./components/EditProfileModal/EditProfileModal').then((module) => ({
    default: module.EditProfileModal
  }))
)

// Pages other than the feed and profiles are loaded on the first visit, like the modals; tag
// pages, which a click on any hashtag opens, are fetched once the feed has painted. The profile
// page stays in the entry: a page that suspends as it opens over the feed hides the feed for a
// moment, and the feed then came back ~470 px off its place on Back (nav-routes.e2e.ts).
const BrowseView = preloadable(() =>
  import('./components/BrowseView/BrowseView').then((module) => module.BrowseView)
)
const ConnectionsPage = lazy(() =>
  import('./components/ConnectionsPage/ConnectionsPage').then((module) => ({
    default: module.ConnectionsPage
  }))
)
const DirectPage = lazy(() =>
  import('./components/DirectPage/DirectPage').then((module) => ({ default: module.DirectPage }))
)
const SuggestionsPage = lazy(() =>
  import('./components/SuggestionsPage/SuggestionsPage').then((module) => ({
    default: module.SuggestionsPage
  }))
)
const SettingsPage = lazy(() =>
  import('./components/Settings/SettingsPage').then((module) => ({ default: module.SettingsPage }))
)
const ModerationPage = lazy(() =>
  import('./components/ModerationPage/ModerationPage').then((module) => ({
    default: module.ModerationPage
  }))
)

/**
 * The page under any overlay. Memoised: opening or closing a post (or any App state change that
 * keeps the page) must not re-render the whole feed inside the click that did it.
 */
const RouteView = memo(function RouteView({ route }: { route: PageRoute }): ReactElement {
  switch (route.name) {
    case 'profile':
      return <ProfilePage username={route.username} tab={route.tab} />
    case 'tag':
      return <BrowseView tag={route.tag} />
    case 'connections':
      return <ConnectionsPage username={route.username} direction={route.direction} />
    case 'suggestions':
      return <SuggestionsPage />
    case 'settings':
      return <SettingsPage section={route.section} />
    case 'direct':
      return <DirectPage thread={route.thread} />
    case 'moderation':
      return <ModerationPage />
    case 'feed':
      return <FeedView tab={route.tab} />
  }
})

/** How long a restored entry may take to settle its layout. */
const SCROLL_RESTORE_MS = 1000
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const

/**
 * A new entry opens at the top; one reached with Back or Forward at the scroll position it had.
 * A remounted list re-measures the cards it holds over a few frames, and the browser's scroll
 * anchoring moves the page as they change size, so the position is held each frame for a
 * moment, until the user scrolls themselves.
 */
function useScrollRestoration(page: PageRoute): void {
  const { router } = useStores()
  const shownPage = useRef(routeHash(page))
  useLayoutEffect(() => {
    const { restoreScroll } = router.getState()
    // An overlay (a post, its likers) opened or closed over a page leaves the page where it is.
    const samePage = routeHash(page) === shownPage.current
    shownPage.current = routeHash(page)
    if (samePage) return
    const target = restoreScroll ?? 0
    window.scrollTo(0, target)
    if (target === 0) return
    const until = performance.now() + SCROLL_RESTORE_MS
    let frame = 0
    const stop = (): void => {
      cancelAnimationFrame(frame)
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop)
    }
    const hold = (): void => {
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target)
      if (performance.now() < until) frame = requestAnimationFrame(hold)
      else stop()
    }
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true })
    frame = requestAnimationFrame(hold)
    return stop
  }, [router, page])
}

const focusSearch = (): void =>
  document.querySelector<HTMLInputElement>('input[type="search"]')?.focus()

export function App({ splashMs = SPLASH_DURATION_MS }: { splashMs?: number }): ReactElement {
  const stores = useStores()
  const { session, ui, router, stories, saved, controls } = stores
  const browsePage = useBrowse((state) => state.page)
  const postOpen = usePost((state) => state.openId !== null)
  const postMissing = usePost(selectPostMissing)
  // A new page renders after the paint that answers the click or key that asked for it (the
  // header already follows the route), so that paint is not held up by unmounting the feed and
  // mounting a profile; the old page stays until the new one is ready.
  const page = useDeferredValue(useRouter((state) => state.page))
  const [splash, setSplash] = useState(splashMs > 0)
  const route = useRouter((state) => state.route)
  const modal = useUi((state) => state.modal)
  const notice = useUi((state) => state.notice)
  const createFiles = useUi((state) => state.createFiles)
  const signedIn = useSession(selectIsSignedIn)
  const userId = useSession(selectUserId)
  const viewingStories = useStoriesStore((state) => state.viewer !== null)

  useEffect(() => session.getState().init(), [session])
  // Motion, contrast and text size as Settings › Accessibility (or the system) says.
  useApplyPreferences()

  // Menu commands, deep links and keyboard shortcuts all run the same actions.
  const actions = useMemo(() => createActionHandlers(stores, focusSearch), [stores])
  useEffect(() => connectAppEvents(stores, actions), [stores, actions])
  useShortcuts(actions, !splash && modal === null)
  useAccountSwitching(!splash && modal === null, modal === 'auth')
  // Photos dropped anywhere on the window open Create with them.
  const draggingFiles = useWindowDrop(stores, !splash)
  const openPostAuthor = useOpenPost()?.profiles?.username ?? null
  const activityOpen = useActivity((state) => state.open)
  useEffect(() => {
    document.title = windowTitle({
      route,
      postOpen,
      openPostAuthor,
      browsing: browsePage,
      activityOpen
    })
  }, [route, postOpen, openPostAuthor, browsePage, activityOpen])
  useEffect(() => router.getState().listen(), [router])
  // Follows the page shown, so the old one is not scrolled while it is still on screen.
  useScrollRestoration(page)
  useLiveUpdates()

  // The open post follows the route: Back, Forward and links open and close it.
  useEffect(() => syncOpenPost(stores, route), [stores, route])

  // A post link of the old shape (?p=<id>) opens that post's route once; the parameter goes, so
  // a reload shows the route rather than opening the post again after it was closed.
  useEffect(() => {
    const linked = postIdFromWebLink(window.location.href)
    if (!linked) return
    const url = new URL(window.location.href)
    url.searchParams.delete('p')
    window.history.replaceState(window.history.state, '', url.toString())
    router.getState().navigate(postRoute(linked))
  }, [router])

  // The splash's second counts from the launch (the page's time origin), not from this first
  // render: loading the app's code is part of it, so the feed is not held back by that time twice.
  useEffect(() => {
    if (splashMs <= 0) return
    const timer = setTimeout(() => setSplash(false), Math.max(splashMs - performance.now(), 0))
    return () => clearTimeout(timer)
  }, [splashMs])

  // Once the first view is up, fetch the pages (and a profile's tabs) a click on a name or a
  // hashtag opens, so that click does not wait for their code.
  useEffect(() => {
    if (splash || typeof requestIdleCallback !== 'function') return
    const idle = requestIdleCallback(() => {
      void BrowseView.preload()
      void ProfileTabs.preload()
    })
    return () => cancelIdleCallback(idle)
  }, [splash])

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
    if (open === 'create' || open === 'edit-profile' || open === 'story') ui.getState().closeModal()
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

  if (splash) return <Splash />

  return (
    <>
      <Header />
      <OfflineBanner />
      {notice && <Notice text={notice} onDismiss={() => ui.getState().setNotice(null)} />}
      <UpdateBanner />
      {postMissing && route.name === 'post' ? (
        <NotFoundPage />
      ) : (
        <Suspense fallback={null}>
          <RouteView route={page} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {postOpen && !postMissing && <PostView />}
        {route.name === 'likers' && <LikersModal postId={route.postId} />}
        {modal === 'auth' && <AuthModal />}
        {modal === 'create' && signedIn && (
          <CreatePostModal initialFiles={createFiles ?? undefined} />
        )}
        {modal === 'edit-profile' && signedIn && <EditProfileModal />}
        {modal === 'story' && signedIn && <CreateStoryModal />}
        {viewingStories && <StoryViewer />}
        {modal === 'shortcuts' && <ShortcutsSheet onClose={() => ui.getState().closeModal()} />}
      </Suspense>
      {draggingFiles && <DropOverlay />}
      <Toast />
    </>
  )
}
