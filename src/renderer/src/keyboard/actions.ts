// What each app action does, for menu commands and keyboard shortcuts alike, and what a deep link
// opens. A Record over every action, so the type checker refuses a command without a handler.

import type { DeepLink } from '@shared/deep-links'
import { openHandedPhotos } from '../drop/photoHandover'
import type { AppStores } from '../store'
import { EXPLORE, REELS, settingsRoute } from '../store/router/routes'
import { closePost, showPost } from '../navigation/postRoute'
import { goHome } from '../navigation/home'
import {
  commentOnFocusedPost,
  likeFocusedPost,
  movePostFocus,
  openFocusedPost,
  saveFocusedPost
} from './postFocus'
import { selectIsSignedIn, selectOwnUsername } from '../store/session/sessionStore'
import type { AppAction } from './shortcuts'

/** A handler returns false when it did nothing, so the key keeps its usual effect (scrolling). */
export type ActionHandlers = Record<AppAction, () => void | boolean>

export function createActionHandlers(stores: AppStores, focusSearch: () => void): ActionHandlers {
  const { session, ui, router, activity } = stores
  const signedIn = (): boolean => selectIsSignedIn(session.getState())
  // Creating and the own profile need an account: a visitor is asked to sign in instead. Right
  // after a start the saved session is still being read: a key pressed then waits for it rather
  // than taking the person for a visitor (and leaving a login dialog over their own account).
  const whenSignedIn = (action: () => void) => (): void => {
    const decide = (): void => {
      if (signedIn()) action()
      else ui.getState().openAuth('signin')
    }
    if (session.getState().status === 'ready') return decide()
    const stop = session.subscribe((state) => {
      if (state.status !== 'ready') return
      stop()
      decide()
    })
  }
  return {
    'new-post': whenSignedIn(() => ui.getState().openCreate()),
    'go-home': () => {
      ui.getState().closeModal()
      goHome(stores)
    },
    'go-profile': whenSignedIn(() => {
      // The profile row may not have been read; the username chosen at sign-up names it too.
      const username = selectOwnUsername(session.getState())
      ui.getState().closeModal()
      if (username) router.getState().navigate({ name: 'profile', username })
    }),
    'go-explore': () => {
      ui.getState().closeModal()
      closePost(stores)
      router.getState().navigate(EXPLORE)
    },
    'go-reels': () => {
      ui.getState().closeModal()
      closePost(stores)
      router.getState().navigate(REELS)
    },
    'go-direct': whenSignedIn(() => {
      ui.getState().closeModal()
      closePost(stores)
      router.getState().navigate({ name: 'direct', thread: null })
    }),
    'go-activity': whenSignedIn(() => {
      ui.getState().closeModal()
      closePost(stores)
      void activity.getState().openPanel()
    }),
    'go-back': () => router.getState().back(),
    'go-forward': () => router.getState().forward(),
    'show-shortcuts': () => ui.getState().openShortcuts(),
    'open-settings': whenSignedIn(() => {
      ui.getState().closeModal()
      closePost(stores)
      router.getState().navigate(settingsRoute())
    }),
    'focus-search': focusSearch,
    'next-post': () => movePostFocus('next'),
    'previous-post': () => movePostFocus('previous'),
    // Liking needs an account: the card's own button opens the login dialog for a visitor.
    'like-post': () => likeFocusedPost(),
    // Commenting and saving need an account: the card's buttons ask a visitor to sign in.
    'comment-post': () => commentOnFocusedPost(),
    'save-post': () => saveFocusedPost(),
    'open-post': () => openFocusedPost()
  }
}

/** Shows what a link points to, or the reason it opens nothing; never anything else. */
export function openDeepLink(link: DeepLink, stores: AppStores, actions: ActionHandlers): void {
  const { ui, session } = stores
  if (!link.ok) {
    ui.getState().setNotice(link.message)
    return
  }
  // A link that launched the app can arrive before the session is read: wait for it.
  if (session.getState().status === 'loading') {
    const off = session.subscribe((state) => {
      if (state.status === 'loading') return
      off()
      openDeepLink(link, stores, actions)
    })
    return
  }
  if (link.route.kind === 'profile') {
    ui.getState().closeModal()
    stores.router.getState().navigate({ name: 'profile', username: link.route.username })
    return
  }
  if (link.route.kind === 'auth') {
    const { outcome } = link.route
    // Rare (a mail's link), so its messages load with it rather than with every window.
    void import('../navigation/authLink').then(({ showAuthLinkOutcome }) =>
      showAuthLinkOutcome(outcome, stores)
    )
    return
  }
  if (link.route.kind === 'direct') {
    ui.getState().closeModal()
    stores.router.getState().navigate({ name: 'direct', thread: link.route.threadId })
    return
  }
  ui.getState().closeModal()
  showPost(stores, link.route.postId)
}

/**
 * Subscribes to main's app events (links, commands, notices, updates, photos opened with the
 * app), then tells main it listens, so events that came while the page loaded are delivered now.
 * Returns the unsubscribe function.
 */
export function connectAppEvents(stores: AppStores, actions: ActionHandlers): () => void {
  const { api, ui } = stores
  const offs = [
    api.app.onCommand((command) => void actions[command]()),
    api.app.onDeepLink((link) => openDeepLink(link, stores, actions)),
    api.app.onNotice((notice) => ui.getState().setNotice(notice)),
    api.app.onUpdate((update) => ui.getState().setUpdate(update)),
    api.app.onOpenFiles((opened) => openHandedPhotos(opened, stores))
  ]
  api.app.ready().catch((error: unknown) => console.error('Could not start app events', error))
  return () => {
    for (const off of offs) off()
  }
}
