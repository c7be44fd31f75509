// The one contract between the renderer and whatever serves it: the Electron main process
// (through the preload's `window.api`) or, in a plain browser, supabase-js in the page.
// Channel names are `domain:verb`. Main → renderer events are listed separately.

import type { DeepLink } from './deep-links'
import type { AuthSnapshot, Post } from './domain'

export interface SignUpInput {
  fullName: string
  username: string
  email: string
  password: string
}

export interface SignInInput {
  /** An email address or a username (signIn looks the email up when given a username). */
  email: string
  password: string
}

/** A 6-digit code mailed for password recovery or for signing in without the password. */
export interface EmailCodeInput {
  email: string
  code: string
  kind: 'recovery' | 'login'
}

export interface PasswordChangeInput {
  currentPassword: string
  newPassword: string
}

/** What turning two-factor on shows: the QR code (SVG markup from the server) and its secret. */
export interface TotpEnrollment {
  factorId: string
  qrCodeSvg: string
  secret: string
}

export interface TwoFactorConfirmation {
  factorId: string
  code: string
}

/** One authenticator app the user turned two-factor on with. */
export interface TwoFactorMethod {
  id: string
  name: string
  createdAt: string
}

/** The user's recovery codes: how many the current set has and how many are unused. */
export interface RecoveryCodeStatus {
  total: number
  remaining: number
}

export interface SignUpResult {
  /** True when the server wants the email confirmed first (no session was returned). */
  needsConfirmation: boolean
}

/** An image as bytes, wherever it came from: a drop, a file input or the native dialog. */
export interface ImageFile {
  name: string
  type: string
  bytes: Uint8Array
}

/** What the renderer's image pipeline adds to a post: the grid rendition and layout hints. */
export interface PostRenditions {
  /** The square grid thumbnail (WebP or JPEG, ~320 px). */
  thumbnail: ImageFile
  /** Pixel size of `image` as uploaded, so cards reserve their space before it loads. */
  width: number
  height: number
  /** A thumbhash as base64: the blurred preview shown while the image loads. */
  placeholder: string | null
}

/** One photo of a post as the create-post modal hands it over. */
export interface PostPhotoInput {
  /** The feed rendition (≤ 1080 px wide), or the picked file itself when it could not be
   * processed (an animated GIF is uploaded as it is). */
  image: ImageFile
  /** Written in the create modal; empty for none. */
  altText: string
  /** Absent when the pipeline could not run; the photo then renders square, like older posts. */
  renditions?: PostRenditions
}

/** A post of one to ten photos, published all or nothing (one photo is a post of one). */
export interface CreatePostInput {
  /** The new post's id (a uuid the renderer chose): resending the same post never makes two. */
  id?: string
  caption: string
  /** Typed in the create modal, shown under the author's name; '' or absent for none. */
  location?: string
  /** In display order: the first is the one grids and older readers show. */
  photos: PostPhotoInput[]
  /** An imported post's original date (ISO 8601, in the past): it is made through import_post. */
  takenAt?: string
  /**
   * The account the post must be made as (a queued post's): refused when another account is
   * current by then, so a switch never publishes one account's post as another.
   */
  authorId?: string
}

/** How far "Download your information" is: photos written of all files (0 of 0 while reading). */
export interface ExportProgress {
  done: number
  total: number
}

/** What the finished archive holds. */
export interface ExportSummary {
  posts: number
  photos: number
  /** Photos the storage could no longer give (listed in the archive's missing_media.json). */
  missing: number
  bytes: number
}

/** Where a post being shared is, for the progress line in the create-post modal. */
export type CreatePostStage = 'processing' | 'uploading' | 'saving'

export interface AppConfig {
  backendUrl: string
  anonKey: string
  /** 'local' when the app runs its embedded backend, 'hosted' for a Supabase project. */
  backendKind: 'local' | 'hosted'
  version: string
  /** Set when tokens cannot be encrypted at rest, so the UI can say so. */
  secretStorageWarning: string | null
}

/** What a native notification opens when clicked. */
export type ActivityTarget =
  | { kind: 'post'; postId: string }
  | { kind: 'profile'; username: string }
  | { kind: 'direct'; threadId: string }

/** One new line of activity, worded by the renderer, for main to show as a native notification. */
export interface ActivityAlert {
  /** Stable per activity line, so main never shows the same one twice. */
  key: string
  body: string
  target: ActivityTarget
}

/** What the renderer tells main after every activity read: the badge count and anything new. */
export interface ActivityReport {
  unreadCount: number
  alerts: ActivityAlert[]
}
/** One new direct message, worded by the renderer (sender as the title, a preview as the body). */
export interface DirectAlert {
  /** The message's id: main never shows the same message twice. */
  key: string
  title: string
  body: string
  threadId: string
}

/**
 * What the renderer tells main about direct messages: the unread count (added to the badge and
 * shown in the tray), the thread on screen (a message there is not announced while the window
 * has focus) and messages that just arrived from others in accepted threads.
 */
export interface DirectReport {
  unreadCount: number
  openThreadId: string | null
  alerts: DirectAlert[]
}

/**
 * What the application menu asks the renderer to do. The menu lists only these, and the renderer
 * handles every one (a Record over this union), so no menu item can do nothing.
 */
export const APP_COMMANDS = [
  'new-post',
  'go-home',
  'go-profile',
  'go-activity',
  'go-direct',
  'go-back',
  'go-forward',
  'show-shortcuts',
  'open-settings'
] as const

export type AppCommand = (typeof APP_COMMANDS)[number]

/**
 * Photos the OS handed to the app (macOS: dropped on the dock icon, or Open With), read and
 * checked by main: the images for Create to start with, or why none can be shared.
 */
export type OpenedFiles = { ok: true; images: ImageFile[] } | { ok: false; message: string }

/** Where the app's own update is; the renderer offers "Restart to update" once downloaded. */
export type UpdateState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available'; version: string }
  | { status: 'downloading'; version: string; percent: number }
  | { status: 'downloaded'; version: string }
  | { status: 'error'; message: string }

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
  /** Opens the native file dialog; null when the user cancels. */
  'images:pick': { request: void; response: ImageFile | null }
  /** Uploads one to ten photos with their renditions and inserts the post, all or nothing. */
  'posts:create': { request: CreatePostInput; response: Post }
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
}

export type InvokeChannel = keyof InvokeContract

/** Main → renderer events. */
export interface EventContract {
  /** The session changed (sign-in, sign-out, refresh, a session ended on the server). */
  'auth:changed': AuthSnapshot
  /** Upload progress of the post being shared, sent to the window that asked. */
  'posts:progress': CreatePostStage
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
  'data:export',
  'app:get-config',
  'notifications:report',
  'notifications:report-direct',
  'notifications:get-enabled',
  'notifications:set-enabled',
  'app:ready',
  'app:restart-to-update',
  'app:window-shown'
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
  auth: {
    getSession(): Promise<AuthSnapshot>
    signUp(input: SignUpInput): Promise<SignUpResult>
    signIn(input: SignInInput): Promise<void>
    /** Logs out of the current account; another signed-in one (if any) becomes current. */
    signOut(): Promise<void>
    getAccessToken(): Promise<string | null>
    /** Several accounts: the snapshot's `accounts` lists them, in this order. */
    switchAccount(userId: string): Promise<void>
    addAccount(): Promise<void>
    cancelAddAccount(): Promise<void>
    signOutAll(): Promise<void>
    /** Subscribes to session changes; returns the unsubscribe function. */
    onChanged(listener: (snapshot: AuthSnapshot) => void): () => void
  }
  /** Recovery, emailed codes, password and email changes, two-factor and account deletion. */
  account: {
    requestPasswordReset(email: string): Promise<void>
    sendLoginCode(email: string): Promise<void>
    verifyEmailCode(input: EmailCodeInput): Promise<void>
    setNewPassword(password: string): Promise<void>
    changePassword(input: PasswordChangeInput): Promise<void>
    changeEmail(email: string): Promise<void>
    deleteAccount(password: string): Promise<void>
    verifySecondFactor(code: string): Promise<void>
    listTwoFactor(): Promise<TwoFactorMethod[]>
    enrollTwoFactor(): Promise<TotpEnrollment>
    confirmTwoFactor(input: TwoFactorConfirmation): Promise<void>
    removeTwoFactor(factorId: string): Promise<void>
    recoveryCodeStatus(): Promise<RecoveryCodeStatus | null>
    generateRecoveryCodes(): Promise<string[]>
    redeemRecoveryCode(code: string): Promise<void>
  }
  images: {
    /** The native dialog in the desktop app; `null` where there is none (the browser) or on cancel. */
    pick(): Promise<ImageFile | null>
    /** Whether `pick` opens a native dialog; a browser uses a file input instead. */
    readonly hasNativeDialog: boolean
  }
  posts: {
    /** One to ten photos (with alt text) in one post; all uploads are undone if any step fails. */
    create(input: CreatePostInput): Promise<Post>
    /** Stages after processing ('uploading', 'saving'); returns the unsubscribe function. */
    onProgress(listener: (stage: CreatePostStage) => void): () => void
  }
  data: {
    /** Writes "your information" as a zip: to a file the user picks (desktop) or a download. */
    exportInformation(): Promise<ExportSummary | null>
    onExportProgress(listener: (progress: ExportProgress) => void): () => void
  }
  app: {
    getConfig(): Promise<AppConfig>
    /** Call once the listeners below are subscribed; events sent before wait for it. */
    ready(): Promise<void>
    onDeepLink(listener: (link: DeepLink) => void): () => void
    onCommand(listener: (command: AppCommand) => void): () => void
    onNotice(listener: (notice: string) => void): () => void
    onUpdate(listener: (state: UpdateState) => void): () => void
    onOpenFiles(listener: (files: OpenedFiles) => void): () => void
    restartToUpdate(): Promise<void>
    /** Resolves once the window is on screen: the splash counts its second from then. */
    windowShown(): Promise<void>
  }
  notifications: {
    /** True in the desktop app, where main shows native notifications and the badge. */
    readonly native: boolean
    report(report: ActivityReport): Promise<void>
    reportDirect(report: DirectReport): Promise<void>
    /** Whether native notifications are on (the user's setting). */
    getEnabled(): Promise<boolean>
    setEnabled(enabled: boolean): Promise<void>
    /** A native notification was clicked; returns the unsubscribe function. */
    onOpen(listener: (target: ActivityTarget) => void): () => void
  }
}
