// The session half of the bridge contract (auth and posts) over the signed-in accounts, as the web
// build's page serves it. The desktop app serves the same calls from main over IPC with the same
// AuthSession and createPostAs, so both platforms answer and fail alike (a test holds them to it).

import type { Api, CreatePostStage, UploadProgress } from '../bridge-contract'
import type { AuthSnapshot } from '../auth-snapshot'
import { createAccountActions } from './account-actions'
import { createPostAs } from './post-create'
import type { AccountSessions } from './accounts'

/** Notifies a set of listeners; `on` returns the unsubscribe function, as the bridge's do. */
export function listenerSet<T>(): {
  on(listener: (value: T) => void): () => void
  emit(value: T): void
} {
  const listeners = new Set<(value: T) => void>()
  return {
    on(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    emit(value) {
      for (const listener of listeners) listener(value)
    }
  }
}

export interface SessionBridge extends Pick<Api, 'auth' | 'account' | 'posts'> {
  /** Hands an auth change to the bridge's listeners: the AuthSession's `emit`. */
  emitAuthChange(snapshot: AuthSnapshot): void
}

/** `session` may still be loading (the page reads its config first); every call waits for it. */
export function createSessionBridge(
  session: Promise<AccountSessions>,
  /** Where mailed links lead back to (the web build's own address). */
  redirectTo?: string
): SessionBridge {
  const authChanges = listenerSet<AuthSnapshot>()
  const progress = listenerSet<CreatePostStage>()
  const uploadProgress = listenerSet<UploadProgress>()
  // The posts being uploaded, by their id, so that Cancel can stop one.
  const uploading = new Map<string, AbortController>()
  return {
    emitAuthChange: authChanges.emit,
    auth: {
      getSession: async () => (await session).getSnapshot(),
      signUp: async (input) => (await session).signUp(input),
      signIn: async (input) => (await session).signIn(input),
      signOut: async () => (await session).signOut(),
      getAccessToken: async () => (await session).getAccessToken(),
      switchAccount: async (userId) => (await session).switchTo(userId),
      addAccount: async () => (await session).addAccount(),
      cancelAddAccount: async () => (await session).cancelAddAccount(),
      signOutAll: async () => (await session).signOutAll(),
      onChanged(listener) {
        // Starting the session subscribes it to supabase-js's auth events.
        session.then(
          (ready) => ready.start(),
          () => undefined
        )
        return authChanges.on(listener)
      }
    },
    account: createAccountActions(() => session, redirectTo),
    posts: {
      async create(input) {
        // Known before the first await, so a cancel that follows the call finds it.
        const abort = new AbortController()
        if (input.id) uploading.set(input.id, abort)
        try {
          const ready = await session
          await ready.getSnapshot()
          return await createPostAs(ready.client, ready.currentUserId(), input, {
            signal: abort.signal,
            onStage: progress.emit,
            onUploadProgress: (sentBytes, totalBytes) =>
              uploadProgress.emit({ sentBytes, totalBytes })
          })
        } finally {
          if (input.id && uploading.get(input.id) === abort) uploading.delete(input.id)
        }
      },
      onProgress: progress.on,
      onUploadProgress: uploadProgress.on,
      cancel: async (postId) => uploading.get(postId)?.abort()
    }
  }
}
