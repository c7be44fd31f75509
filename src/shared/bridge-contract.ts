// The one contract between the renderer and whatever serves it: the Electron main process
// (through the preload's `window.api`) or, in a plain browser, supabase-js in the page.
// Channel names are `domain:verb`. Main → renderer events are listed separately. Each domain's
// payloads and its part of the Api live in bridge/<domain>.ts; this file names every channel.

import type { Post } from './domain'
import type { AuthSnapshot } from './auth-snapshot'
import type { DeepLink } from './deep-links'
import type { Language } from './languages'
import type {
  AccountApi,
  AuthApi,
  EmailCodeInput,
  PasswordChangeInput,
  RecoveryCodeStatus,
  SignInInput,
  SignUpInput,
  SignUpResult,
  TotpEnrollment,
  TwoFactorConfirmation,
  TwoFactorMethod
} from './bridge/account'
import type { AppApi, AppCommand, AppConfig, OpenedFiles, UpdateState } from './bridge/app'
import type {
  ActivityReport,
  ActivityTarget,
  DirectReport,
  NotificationsApi
} from './bridge/notifications'
import type {
  CreatePostInput,
  CreatePostStage,
  DataApi,
  ExportProgress,
  ExportSummary,
  ImageFile,
  ImagePickRequest,
  ImagesApi,
  PostsApi,
  UploadProgress
} from './bridge/posts'

export type * from './bridge/account'
export type * from './bridge/app'
export type * from './bridge/notifications'
export type * from './bridge/posts'
export { APP_COMMANDS } from './bridge/app'

/** Request → response for every renderer → main call, keyed by channel. */
export interface InvokeContract {
  /** The current session snapshot (never the refresh token). */
  'auth:get-session': { request: void; response: AuthSnapshot }
  /** Signs up; says whether the server wants the email confirmed first. */
  'auth:sign-up': { request: SignUpInput; response: SignUpResult }
  /** Signs in with email and password. */
  'auth:sign-in': { request: SignInInput; response: void }
  /** Logs out of the current account and forgets its stored session (others stay). */
  'auth:sign-out': { request: void; response: void }
  /** The current access token, which the page's supabase-js client borrows per request. */
  'auth:get-access-token': { request: void; response: string | null }
  /** Makes another signed-in account (by user id) the current one. */
  'auth:switch-account': { request: string; response: void }
  /** Starts adding an account: signed out until it signs in (refused at the account limit). */
  'auth:add-account': { request: void; response: void }
  /** Gives up adding an account: back to the one that was current. */
  'auth:cancel-add-account': { request: void; response: void }
  /** Logs out of every account signed in on this install. */
  'auth:sign-out-all': { request: void; response: void }
  /** Mails a recovery link and code (the same answer for an address without an account). */
  'account:request-password-reset': { request: string; response: void }
  /** Mails a sign-in link and code to an account's address. */
  'account:send-login-code': { request: string; response: void }
  /** Signs in with a mailed code; a recovery code then allows account:set-new-password. */
  'account:verify-email-code': { request: EmailCodeInput; response: void }
  /** Sets the password after a recovery code or link signed the user in. */
  'account:set-new-password': { request: string; response: void }
  /** Changes the password after checking the current one. */
  'account:change-password': { request: PasswordChangeInput; response: void }
  /** Mails a confirmation link to a new address. */
  'account:change-email': { request: string; response: void }
  /** Deletes the account and everything of it after checking the password; signs out. */
  'account:delete': { request: string; response: void }
  /** The second step of signing in: a code from the authenticator app. */
  'account:verify-second-factor': { request: string; response: void }
  /** The authenticator apps two-factor is on with. */
  'account:list-two-factor': { request: void; response: TwoFactorMethod[] }
  /** Starts turning two-factor on: a QR code and its secret. */
  'account:enroll-two-factor': { request: void; response: TotpEnrollment }
  /** Turns two-factor on with the first code from the app. */
  'account:confirm-two-factor': { request: TwoFactorConfirmation; response: void }
  /** Turns two-factor off for one authenticator app. */
  'account:remove-two-factor': { request: string; response: void }
  /** How many recovery codes are left; null when the server has none to offer (hosted). */
  'account:recovery-code-status': { request: void; response: RecoveryCodeStatus | null }
  /** A new set of ten recovery codes, shown once; the previous set stops working. */
  'account:generate-recovery-codes': { request: void; response: string[] }
  /** The second step of signing in with a recovery code instead of the app's code. */
  'account:redeem-recovery-code': { request: string; response: void }
  /** Opens the native file dialog for one file or several; empty when the user cancels. */
  'images:pick': { request: ImagePickRequest; response: ImageFile[] }
  /** Uploads one to ten photos with their renditions and inserts the post, all or nothing. */
  'posts:create': { request: CreatePostInput; response: Post }
  /** Stops the upload of the post of this id, removing what it stored. */
  'posts:cancel': { request: string; response: void }
  /** Native save dialog, then writes the signed-in user's archive; null on cancel. */
  'data:export': { request: void; response: ExportSummary | null }
  /** The backend's URL and anon key, its kind, the app's version and the secret-store warning. */
  'app:get-config': { request: void; response: AppConfig }
  /** The unread count and new alerts, for the desktop's native notifications, badge and tray. */
  'notifications:report': { request: ActivityReport; response: void }
  /** The unread direct-message count, the open thread and new messages, for the same. */
  'notifications:report-direct': { request: DirectReport; response: void }
  /** Whether native notifications are on (the user's setting). */
  'notifications:get-enabled': { request: void; response: boolean }
  /** Turns native notifications on or off. */
  'notifications:set-enabled': { request: boolean; response: void }
  /** The renderer listens for app events now: main delivers what it queued until then. */
  'app:ready': { request: void; response: void }
  /** Quits and installs the downloaded update; refused unless one is downloaded. */
  'app:restart-to-update': { request: void; response: void }
  /** Answers once the window is on screen (shown on ready-to-show, its first paint). */
  'app:window-shown': { request: void; response: void }
  /** The system's language (`app.getLocale()`), for the page's default language. */
  'app:get-locale': { request: void; response: string }
  /** The language the page speaks now, so the desktop menus speak it too. */
  'app:set-language': { request: Language; response: void }
}

export type InvokeChannel = keyof InvokeContract

/** Main → renderer events. */
export interface EventContract {
  /** The session changed (sign-in, sign-out, refresh, a session ended on the server). */
  'auth:changed': AuthSnapshot
  /** Upload progress of the post being shared, sent to the window that asked. */
  'posts:progress': CreatePostStage
  /** Bytes of the post being shared stored so far, sent to the window that asked. */
  'posts:upload-progress': UploadProgress
  /** How far the archive being written is, sent to the window that asked. */
  'data:export-progress': ExportProgress
  /** The user clicked a native notification: show what it was about. */
  'notifications:open': ActivityTarget
  /** An instaframe:// link opened the app: the route to show, or why there is none. */
  'app:deep-link': DeepLink
  /** A menu item or accelerator the renderer carries out. */
  'app:command': AppCommand
  /** Something the user should know that happened in main (e.g. the local backend restarted). */
  'app:notice': string
  /** The app's own update moved to a new state. */
  'app:update': UpdateState
  /** Photos opened with the app (dock icon, Open With): Create opens with them. */
  'app:open-files': OpenedFiles
}

export type EventChannel = keyof EventContract

export const INVOKE_CHANNELS = [
  'auth:get-session',
  'auth:sign-up',
  'auth:sign-in',
  'auth:sign-out',
  'auth:get-access-token',
  'auth:switch-account',
  'auth:add-account',
  'auth:cancel-add-account',
  'auth:sign-out-all',
  'account:request-password-reset',
  'account:send-login-code',
  'account:verify-email-code',
  'account:set-new-password',
  'account:change-password',
  'account:change-email',
  'account:delete',
  'account:verify-second-factor',
  'account:list-two-factor',
  'account:enroll-two-factor',
  'account:confirm-two-factor',
  'account:remove-two-factor',
  'account:recovery-code-status',
  'account:generate-recovery-codes',
  'account:redeem-recovery-code',
  'images:pick',
  'posts:create',
  'posts:cancel',
  'data:export',
  'app:get-config',
  'notifications:report',
  'notifications:report-direct',
  'notifications:get-enabled',
  'notifications:set-enabled',
  'app:ready',
  'app:restart-to-update',
  'app:window-shown',
  'app:get-locale',
  'app:set-language'
] as const satisfies readonly InvokeChannel[]

/**
 * What crosses IPC. Errors are values, because Electron rewrites a thrown error's message
 * ("Error invoking remote method …"); the preload unwraps this and throws `message` as is.
 */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; message: string }

/** The caller's side of a BridgeResult: the value, or the main process's message thrown as is. */
export function unwrapBridgeResult<T>(result: BridgeResult<T>): T {
  if (!result.ok) throw new Error(result.message)
  return result.value
}

/** The API the renderer uses, identical in the desktop app and in a browser. */
export interface Api {
  auth: AuthApi
  /** Recovery, emailed codes, password and email changes, two-factor and account deletion. */
  account: AccountApi
  images: ImagesApi
  posts: PostsApi
  data: DataApi
  app: AppApi
  notifications: NotificationsApi
}
