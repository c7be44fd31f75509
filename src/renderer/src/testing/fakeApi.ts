// The bridge (window.api) as a test double: every call is a vi.fn a test can inspect or
// re-program, and the events main sends can be fired by hand.

import { vi, type Mock } from 'vitest'
import type {
  ActivityReport,
  ActivityTarget,
  Api,
  AppCommand,
  DirectReport,
  CreatePostInput,
  CreatePostStage,
  ExportProgress,
  ImagesApi,
  OpenedFiles,
  SignUpResult,
  UpdateState,
  UploadProgress
} from '@shared/bridge-contract'
import { type Post } from '@shared/domain'
import { SIGNED_OUT, type AuthSnapshot } from '@shared/auth-snapshot'
import type { DeepLink } from '@shared/deep-links'
import { makePost } from './factories'

export interface FakeApi extends Api {
  auth: Api['auth'] & {
    getSession: Mock<() => Promise<AuthSnapshot>>
    signUp: Mock<Api['auth']['signUp']>
    signIn: Mock<Api['auth']['signIn']>
    signOut: Mock<Api['auth']['signOut']>
  }
  account: { [K in keyof Api['account']]: Mock<Api['account'][K]> }
  images: { pick: Mock<ImagesApi['pick']>; hasNativeDialog: boolean }
  posts: {
    create: Mock<(input: CreatePostInput) => Promise<Post>>
    onProgress: Api['posts']['onProgress']
    onUploadProgress: Api['posts']['onUploadProgress']
    cancel: Mock<(postId: string) => Promise<void>>
  }
  notifications: Api['notifications'] & {
    report: Mock<(report: ActivityReport) => Promise<void>>
    reportDirect: Mock<(report: DirectReport) => Promise<void>>
    getEnabled: Mock<() => Promise<boolean>>
    setEnabled: Mock<(enabled: boolean) => Promise<void>>
  }
  /** Sends a notifications:open event (a clicked native notification). */
  emitOpen(target: ActivityTarget): void
  /** Sends an auth:changed event to every listener. */
  emit(snapshot: AuthSnapshot): void
  /** Sends a posts:progress event to every listener. */
  emitProgress(stage: CreatePostStage): void
  /** Sends a posts:upload-progress event to every listener. */
  emitUploadProgress(progress: UploadProgress): void
  app: Api['app'] & {
    ready: Mock<() => Promise<void>>
    restartToUpdate: Mock<() => Promise<void>>
    windowShown: Mock<() => Promise<void>>
  }
  /** Sends an app:deep-link, app:command or app:notice event, as main would. */
  emitDeepLink(link: DeepLink): void
  emitCommand(command: AppCommand): void
  emitNotice(notice: string): void
  emitUpdate(state: UpdateState): void
  /** Sends app:open-files, as main does for photos opened with the app. */
  emitOpenFiles(files: OpenedFiles): void
}

/** A subscribable event: listeners added and removed as the preload's subscribe does. */
function channel<T>(): { on(listener: (value: T) => void): () => void; emit(value: T): void } {
  const listeners = new Set<(value: T) => void>()
  return {
    on: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit: (value) => {
      for (const listener of listeners) listener(value)
    }
  }
}

export function fakeApi(
  options: { snapshot?: AuthSnapshot; hasNativeDialog?: boolean } = {}
): FakeApi {
  let current = options.snapshot ?? SIGNED_OUT
  const listeners = new Set<(snapshot: AuthSnapshot) => void>()
  const progress = new Set<(stage: CreatePostStage) => void>()
  const opens = new Set<(target: ActivityTarget) => void>()
  const deepLinks = channel<DeepLink>()
  const commands = channel<AppCommand>()
  const notices = channel<string>()
  const updates = channel<UpdateState>()
  const openedFiles = channel<OpenedFiles>()
  const exportProgress = channel<ExportProgress>()
  const uploadProgress = channel<UploadProgress>()
  return {
    auth: {
      getSession: vi.fn(async () => current),
      signUp: vi.fn(async (): Promise<SignUpResult> => ({ needsConfirmation: true })),
      signIn: vi.fn(async () => undefined),
      // As the platform does: the next read of the session is signed out.
      signOut: vi.fn(async () => {
        current = SIGNED_OUT
      }),
      getAccessToken: vi.fn(async () => current.accessToken),
      switchAccount: vi.fn(async () => undefined),
      addAccount: vi.fn(async () => undefined),
      cancelAddAccount: vi.fn(async () => undefined),
      signOutAll: vi.fn(async () => {
        current = SIGNED_OUT
      }),
      onChanged: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
    },
    account: {
      requestPasswordReset: vi.fn(async () => undefined),
      sendLoginCode: vi.fn(async () => undefined),
      verifyEmailCode: vi.fn(async () => undefined),
      setNewPassword: vi.fn(async () => undefined),
      changePassword: vi.fn(async () => undefined),
      changeEmail: vi.fn(async () => undefined),
      deleteAccount: vi.fn(async () => undefined),
      verifySecondFactor: vi.fn(async () => undefined),
      listTwoFactor: vi.fn(async () => []),
      enrollTwoFactor: vi.fn(async () => ({
        factorId: 'factor',
        qrCodeSvg: '<svg/>',
        secret: 'S'
      })),
      confirmTwoFactor: vi.fn(async () => undefined),
      removeTwoFactor: vi.fn(async () => undefined),
      recoveryCodeStatus: vi.fn(async () => null),
      generateRecoveryCodes: vi.fn(async () => []),
      redeemRecoveryCode: vi.fn(async () => undefined)
    },
    images: { pick: vi.fn(async () => []), hasNativeDialog: options.hasNativeDialog ?? false },
    posts: {
      create: vi.fn(async () => makePost()),
      onProgress: (listener) => {
        progress.add(listener)
        return () => progress.delete(listener)
      },
      onUploadProgress: (listener) => uploadProgress.on(listener),
      cancel: vi.fn(async () => undefined)
    },
    data: {
      exportInformation: vi.fn(async () => ({ posts: 0, photos: 0, missing: 0, bytes: 22 })),
      onExportProgress: (listener) => exportProgress.on(listener)
    },
    app: {
      getConfig: vi.fn(async () => ({
        backendUrl: 'http://127.0.0.1:1',
        anonKey: 'anon',
        backendKind: 'local' as const,
        version: 'test',
        secretStorageWarning: null
      })),
      ready: vi.fn(async () => undefined),
      onDeepLink: (listener) => deepLinks.on(listener),
      onCommand: (listener) => commands.on(listener),
      onNotice: (listener) => notices.on(listener),
      onUpdate: (listener) => updates.on(listener),
      onOpenFiles: (listener) => openedFiles.on(listener),
      restartToUpdate: vi.fn(async () => undefined),
      windowShown: vi.fn(async () => undefined),
      getSystemLanguages: vi.fn(async () => ['en-US']),
      setLanguage: vi.fn(async () => undefined)
    },
    notifications: {
      native: options.hasNativeDialog ?? false,
      report: vi.fn(async () => undefined),
      reportDirect: vi.fn(async () => undefined),
      getEnabled: vi.fn(async () => true),
      setEnabled: vi.fn(async () => undefined),
      onOpen: (listener) => {
        opens.add(listener)
        return () => opens.delete(listener)
      }
    },
    emitOpen(target) {
      for (const listener of opens) listener(target)
    },
    emitDeepLink: (link) => deepLinks.emit(link),
    emitCommand: (command) => commands.emit(command),
    emitNotice: (notice) => notices.emit(notice),
    emitUpdate: (state) => updates.emit(state),
    emitOpenFiles: (files) => openedFiles.emit(files),
    emit(snapshot) {
      current = snapshot
      for (const listener of listeners) listener(snapshot)
    },
    emitProgress(stage) {
      for (const listener of progress) listener(stage)
    },
    emitUploadProgress: (value) => uploadProgress.emit(value)
  }
}
