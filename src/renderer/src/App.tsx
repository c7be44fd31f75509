// Splash for 1 s on screen (docs/product.md, "Start"), then the header and the current route's view; the
// open modal on top. Routes live in the URL's hash (store/router), so Back and Forward work
// everywhere.

import { Suspense, useEffect, useDeferredValue, useMemo, type ReactElement } from 'react'
import { SPLASH_DURATION_MS } from '@shared/limits'
import { NotFoundPage } from './components/NotFoundPage/NotFoundPage'
import { Header } from './components/Header/Header'
import { DropOverlay } from './components/DropOverlay/DropOverlay'
import { Notice } from './components/Notice/Notice'
import { OfflineBanner } from './components/OfflineBanner/OfflineBanner'
import { Splash } from './components/Splash/Splash'
import { useSplash } from './components/Splash/useSplash'
import { Toast } from './components/Toast/Toast'
import { UpdateBanner } from './components/UpdateBanner/UpdateBanner'
import { postIdFromWebLink } from '@shared/post-link'
import { connectAppEvents, createActionHandlers } from './keyboard/actions'
import { useShortcuts } from './keyboard/useShortcuts'
import { useAccountSwitching } from './keyboard/accountShortcuts'
import { useWindowDrop } from './drop/useWindowDrop'
import { useLiveUpdates } from './live/useLiveUpdates'
import { syncOpenPost } from './navigation/postRoute'
import { useActivity, useBrowse, useOpenPost, usePost, useRouter, useStores, useUi } from './store'
import { postRoute } from './store/router/routes'
import { selectPostMissing } from './store/openPost/openPostStore'
import { useApplyPreferences } from './preferences/usePreferences'
import { windowTitle } from './windowTitle'
import { ProfileTabs } from './components/ProfilePage/profileTabsLoader'
import { Overlays } from './app/Overlays'
import { BrowseView, RouteView } from './app/RouteView'
import { usePerUserStores } from './app/usePerUserStores'
import { useScrollRestoration } from './app/useScrollRestoration'

const focusSearch = (): void =>
  document.querySelector<HTMLInputElement>('input[type="search"]')?.focus()

export function App({ splashMs = SPLASH_DURATION_MS }: { splashMs?: number }): ReactElement {
  const stores = useStores()
  const { session, ui, router } = stores
  const browsePage = useBrowse((state) => state.page)
  const postOpen = usePost((state) => state.openId !== null)
  const postMissing = usePost(selectPostMissing)
  // A new page renders after the paint that answers the click or key that asked for it (the
  // header already follows the route), so that paint is not held up by unmounting the feed and
  // mounting a profile; the old page stays until the new one is ready.
  const page = useDeferredValue(useRouter((state) => state.page))
  const splash = useSplash(splashMs)
  const route = useRouter((state) => state.route)
  const modal = useUi((state) => state.modal)
  const notice = useUi((state) => state.notice)

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

  usePerUserStores()

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
      <Overlays postShown={postOpen && !postMissing} />
      {draggingFiles && <DropOverlay />}
      <Toast />
    </>
  )
}
