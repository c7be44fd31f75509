// `window.api` built from the shared contract over an IPC transport: Electron's ipcRenderer in
// the preload, main's real handlers in the platform-parity test. One function per call and
// never a generic `invoke(channel)`, so a compromised renderer can reach nothing the contract
// does not list.

import type { IpcRendererEvent } from 'electron'
import type {
  Api,
  BridgeResult,
  EventContract,
  InvokeChannel,
  InvokeContract
} from '../shared/bridge-contract'
import { unwrapBridgeResult } from '../shared/bridge-contract'

/** Electron passes its event first; the bridge never looks at it. */
type IpcListener = (event: IpcRendererEvent, payload: unknown) => void

/** The part of ipcRenderer the bridge uses. */
export interface IpcTransport {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: IpcListener): unknown
  removeListener(channel: string, listener: IpcListener): unknown
}

type RequestArgs<C extends InvokeChannel> = InvokeContract[C]['request'] extends void
  ? []
  : [InvokeContract[C]['request']]

export function createBridgeApi(ipc: IpcTransport): Api {
  /** Main answers with a BridgeResult because Electron rewrites thrown errors' messages. */
  async function call<C extends InvokeChannel>(
    channel: C,
    ...args: RequestArgs<C>
  ): Promise<InvokeContract[C]['response']> {
    const result = (await ipc.invoke(channel, ...args)) as BridgeResult<
      InvokeContract[C]['response']
    >
    return unwrapBridgeResult(result)
  }

  function subscribe<E extends keyof EventContract>(
    channel: E,
    listener: (payload: EventContract[E]) => void
  ): () => void {
    // Wrap so the renderer never sees the IpcRendererEvent (it exposes `sender`).
    const wrapped = (_event: unknown, payload: unknown): void =>
      listener(payload as EventContract[E])
    ipc.on(channel, wrapped)
    return () => {
      ipc.removeListener(channel, wrapped)
    }
  }

  return {
    auth: {
      getSession: () => call('auth:get-session'),
      signUp: (input) => call('auth:sign-up', input),
      signIn: (input) => call('auth:sign-in', input),
      signOut: () => call('auth:sign-out'),
      switchAccount: (userId) => call('auth:switch-account', userId),
      addAccount: () => call('auth:add-account'),
      cancelAddAccount: () => call('auth:cancel-add-account'),
      signOutAll: () => call('auth:sign-out-all'),
      getAccessToken: () => call('auth:get-access-token'),
      onChanged: (listener) => subscribe('auth:changed', listener)
    },
    account: {
      requestPasswordReset: (email) => call('account:request-password-reset', email),
      sendLoginCode: (email) => call('account:send-login-code', email),
      verifyEmailCode: (input) => call('account:verify-email-code', input),
      setNewPassword: (password) => call('account:set-new-password', password),
      changePassword: (input) => call('account:change-password', input),
      changeEmail: (email) => call('account:change-email', email),
      deleteAccount: (password) => call('account:delete', password),
      verifySecondFactor: (code) => call('account:verify-second-factor', code),
      listTwoFactor: () => call('account:list-two-factor'),
      enrollTwoFactor: () => call('account:enroll-two-factor'),
      recoveryCodeStatus: () => call('account:recovery-code-status'),
      generateRecoveryCodes: () => call('account:generate-recovery-codes'),
      redeemRecoveryCode: (code) => call('account:redeem-recovery-code', code),
      confirmTwoFactor: (input) => call('account:confirm-two-factor', input),
      removeTwoFactor: (factorId) => call('account:remove-two-factor', factorId)
    },
    images: {
      pick: (request) => call('images:pick', request),
      hasNativeDialog: true
    },
    posts: {
      create: (input) => call('posts:create', input),
      onProgress: (listener) => subscribe('posts:progress', listener),
      onUploadProgress: (listener) => subscribe('posts:upload-progress', listener),
      cancel: (postId) => call('posts:cancel', postId)
    },
    data: {
      exportInformation: () => call('data:export'),
      onExportProgress: (listener) => subscribe('data:export-progress', listener)
    },
    app: {
      getConfig: () => call('app:get-config'),
      ready: () => call('app:ready'),
      onDeepLink: (listener) => subscribe('app:deep-link', listener),
      onCommand: (listener) => subscribe('app:command', listener),
      onNotice: (listener) => subscribe('app:notice', listener),
      onUpdate: (listener) => subscribe('app:update', listener),
      onOpenFiles: (listener) => subscribe('app:open-files', listener),
      restartToUpdate: () => call('app:restart-to-update'),
      windowShown: () => call('app:window-shown'),
      getSystemLanguages: async () => [await call('app:get-locale')],
      setLanguage: (language) => call('app:set-language', language)
    },
    notifications: {
      native: true,
      report: (report) => call('notifications:report', report),
      reportDirect: (report) => call('notifications:report-direct', report),
      getEnabled: () => call('notifications:get-enabled'),
      setEnabled: (enabled) => call('notifications:set-enabled', enabled),
      onOpen: (listener) => subscribe('notifications:open', listener)
    }
  }
}
