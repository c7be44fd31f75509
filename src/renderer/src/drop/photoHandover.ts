// Photos that reach the window from outside the Create dialog: dropped anywhere on it (feed,
// profile, any view) or handed to the desktop app by the OS (macOS: the dock icon, Open With).
// Both open Create with them, which checks them as it checks any drop, so a file that is no
// image gets the dialog's usual message.

import type { ImageFile, OpenedFiles } from '@shared/bridge-contract'
import type { AppStores } from '../store'
import { selectIsSignedIn } from '../store/session/sessionStore'

/** What a drop of files on the window does. */
export type DropOutcome =
  /** Create opens with the files. */
  | 'create'
  /** A visitor is asked to sign in first: sharing needs an account. */
  | 'sign-in'
  /**
   * A dialog (or the post view, or a story) is open: it keeps the drop to itself. Create, Edit
   * profile and the story dialog have their own drop zones; elsewhere a drop does nothing rather
   * than replace what is being done.
   */
  | 'leave'

export interface DropContext {
  signedIn: boolean
  dialogOpen: boolean
}

export function dropOutcome(context: DropContext): DropOutcome {
  if (context.dialogOpen) return 'leave'
  return context.signedIn ? 'create' : 'sign-in'
}

/** Whether a drag carries files from the file manager (not text or a link dragged in the page). */
export function carriesFiles(dataTransfer: Pick<DataTransfer, 'types'> | null): boolean {
  return dataTransfer !== null && [...dataTransfer.types].includes('Files')
}

export const HANDOVER_MESSAGES = {
  signIn: 'Sign in to share your photos.',
  busy: 'Close the open dialog first, then open the photos again.'
} as const

export function dropContext(stores: AppStores): DropContext {
  return {
    signedIn: selectIsSignedIn(stores.session.getState()),
    dialogOpen:
      stores.ui.getState().modal !== null ||
      stores.post.getState().openId !== null ||
      stores.stories.getState().viewer !== null
  }
}

/** Opens Create with the files, or asks a visitor to sign in; returns what it did. */
export function handOverPhotos(files: File[], stores: AppStores): DropOutcome {
  const outcome = dropOutcome(dropContext(stores))
  if (outcome === 'create') stores.ui.getState().openCreate(files)
  if (outcome === 'sign-in') {
    stores.ui.getState().openAuth('signin')
    stores.toast.getState().show(HANDOVER_MESSAGES.signIn)
  }
  return outcome
}

const asFile = (image: ImageFile): File =>
  new File([image.bytes as Uint8Array<ArrayBuffer>], image.name, { type: image.type })

/**
 * Photos main read for the OS. They can arrive before the session is read (the app was started
 * by opening them): they wait for it. Unlike a drop, the user cannot see why nothing happens
 * while a dialog is open, so that case is said.
 */
export function openHandedPhotos(opened: OpenedFiles, stores: AppStores): void {
  const { ui, session } = stores
  if (!opened.ok) {
    ui.getState().setNotice(opened.message)
    return
  }
  if (session.getState().status === 'loading') {
    const off = session.subscribe((state) => {
      if (state.status === 'loading') return
      off()
      openHandedPhotos(opened, stores)
    })
    return
  }
  if (handOverPhotos(opened.images.map(asFile), stores) === 'leave') {
    stores.toast.getState().show(HANDOVER_MESSAGES.busy)
  }
}
