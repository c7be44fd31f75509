// Every channel main serves, registered once before the window can call it, through one
// `handle` that checks the sender. The services may still be starting: calls that need them
// wait for them.

import type { Logger } from '../../shared/logger'
import type { MainServices } from '../session/start-services'
import type { DesktopNotifier } from '../notifications/desktop-notifier'
import { AUTH_CALLBACK_URL } from '../../shared/auth-links'
import { createAccountActions } from '../../shared/data/account-actions'
import { registerAccountIpc } from './account'
import { registerAppIpc, type AppIpcDeps } from './app'
import { registerAuthIpc } from './auth'
import { registerDataExportIpc, type DataExportDeps } from './data-export'
import { createHandle, type IpcMainLike, type SenderPolicy } from './handle'
import { registerImagesIpc, type ImagePickerDeps } from './images'
import { registerNotificationsIpc } from './notifications'
import { registerPostsIpc } from './posts'

export interface IpcDeps {
  ipcMain: IpcMainLike
  policy: SenderPolicy
  log: Logger
  services: Promise<MainServices>
  /** The services once started; null before (only signed-in calls need them at once). */
  ready(): MainServices | null
  images: ImagePickerDeps
  /** The save dialog and files for data:export; the client and user come from the services. */
  dataExport: Pick<DataExportDeps, 'showSaveDialog' | 'createFile' | 'removeFile'>
  notifier: DesktopNotifier
  app: Omit<AppIpcDeps, 'getConfig'>
}

export function registerIpc(deps: IpcDeps): void {
  const { services } = deps
  // Only reachable signed in, which needs the services: they have started by then.
  const signedInClient = (): MainServices['auth']['client'] => {
    const ready = deps.ready()
    if (!ready) throw new Error('The backend is still starting')
    // The current account's client: an upload or export acts as whoever is current now.
    return ready.auth.client
  }
  const handle = createHandle({ ipcMain: deps.ipcMain, log: deps.log, policy: deps.policy })
  const accounts = async (): Promise<MainServices['auth']> => (await services).auth
  registerAuthIpc(handle, {
    getSnapshot: async () => (await accounts()).getSnapshot(),
    getAccessToken: async () => (await accounts()).getAccessToken(),
    signUp: async (input) => (await accounts()).signUp(input),
    signIn: async (input) => (await accounts()).signIn(input),
    signOut: async () => (await accounts()).signOut(),
    switchTo: async (userId) => (await accounts()).switchTo(userId),
    addAccount: async () => (await accounts()).addAccount(),
    cancelAddAccount: async () => (await accounts()).cancelAddAccount(),
    signOutAll: async () => (await accounts()).signOutAll()
  })
  // Mailed links lead back into the app (shared/auth-links.ts).
  registerAccountIpc(handle, createAccountActions(accounts, AUTH_CALLBACK_URL))
  registerImagesIpc(handle, deps.images)
  registerPostsIpc(handle, {
    client: signedInClient,
    currentUserId: () => deps.ready()?.auth.currentUserId() ?? null
  })
  registerDataExportIpc(handle, {
    ...deps.dataExport,
    client: signedInClient,
    currentUser: () => {
      const snapshot = deps.ready()?.auth.currentSnapshot()
      return snapshot?.user
        ? { id: snapshot.user.id, username: snapshot.profile?.username ?? null }
        : null
    }
  })
  registerNotificationsIpc(handle, deps.notifier)
  registerAppIpc(handle, { ...deps.app, getConfig: async () => (await services).config })
}
