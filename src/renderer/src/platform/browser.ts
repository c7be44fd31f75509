// The bridge contract implemented in the page with supabase-js, for the plain web build. Here the
// page owns the session (persisted in localStorage); in the desktop app the main process does.

import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js'
import type {
  Api,
  AppConfig,
  CreateCarouselInput,
  CreatePostInput,
  CreatePostStage
} from '@shared/bridge-contract'
import { SIGNED_OUT, type AuthSnapshot, type Post } from '@shared/domain'
import { MESSAGES } from '@shared/messages'
import { fetchProfile, signIn, signOut, signUp } from '@shared/operations/auth'
import { createPost } from '@shared/operations/posts'
import { carouselPhotosFromInput, createCarouselPost } from '@shared/data/carousel'
import { loadBrowserConfig, type BrowserConfig } from './config'

export interface BrowserApi extends Api {
  /** The page's one supabase-js client, shared with the data services so they see the session. */
  readonly client: Promise<SupabaseClient>
}

async function snapshotOf(client: SupabaseClient, session: Session | null): Promise<AuthSnapshot> {
  if (!session) return SIGNED_OUT
  const { user } = session
  return {
    user: { id: user.id, email: user.email ?? null, user_metadata: user.user_metadata ?? {} },
    profile: await fetchProfile(client, user.id),
    accessToken: session.access_token,
    expiresAt: session.expires_at ?? null
  }
}

export function createBrowserApi(
  loadConfig: () => Promise<BrowserConfig> = loadBrowserConfig
): BrowserApi {
  const configPromise = loadConfig()
  const clientPromise = configPromise.then((config) =>
    createClient(config.supabaseUrl, config.supabaseAnonKey, {
      auth: { persistSession: true, storage: window.localStorage, autoRefreshToken: true }
    })
  )
  // Keep an unhandled rejection out of the console; every caller sees the error itself.
  clientPromise.catch(() => undefined)

  const listeners = new Set<(snapshot: AuthSnapshot) => void>()
  const progressListeners = new Set<(stage: CreatePostStage) => void>()
  let subscribed = false

  function subscribe(client: SupabaseClient): void {
    if (subscribed) return
    subscribed = true
    client.auth.onAuthStateChange((_event, session) => {
      // supabase-js holds a lock while this callback runs; querying from inside it deadlocks.
      setTimeout(() => {
        void snapshotOf(client, session).then((snapshot) => {
          for (const listener of listeners) listener(snapshot)
        })
      }, 0)
    })
  }

  return {
    client: clientPromise,
    auth: {
      async getSession() {
        const client = await clientPromise
        const { data } = await client.auth.getSession()
        return snapshotOf(client, data.session)
      },
      async signUp(input) {
        return signUp(await clientPromise, input, window.location.origin + '/')
      },
      async signIn(input) {
        await signIn(await clientPromise, input)
      },
      async signOut() {
        await signOut(await clientPromise)
      },
      async getAccessToken() {
        const client = await clientPromise
        const { data } = await client.auth.getSession()
        return data.session?.access_token ?? null
      },
      onChanged(listener) {
        listeners.add(listener)
        clientPromise.then(subscribe, () => undefined)
        return () => {
          listeners.delete(listener)
        }
      }
    },
    images: {
      // A page has no native dialog; the create-post modal falls back to a file input.
      async pick() {
        return null
      },
      hasNativeDialog: false
    },
    posts: {
      async create({ image, caption, renditions }: CreatePostInput): Promise<Post> {
        const client = await clientPromise
        const { data } = await client.auth.getSession()
        const userId = data.session?.user.id
        if (!userId) throw new Error(MESSAGES.createPostFailed)
        return createPost(client, {
          userId,
          bytes: image.bytes,
          declaredType: image.type,
          caption,
          renditions: renditions && {
            thumbnailBytes: renditions.thumbnail.bytes,
            thumbnailType: renditions.thumbnail.type,
            width: renditions.width,
            height: renditions.height,
            placeholder: renditions.placeholder
          },
          onStage: (stage) => {
            for (const listener of progressListeners) listener(stage)
          }
        })
      },
      async createCarousel({ caption, photos }: CreateCarouselInput): Promise<Post> {
        const client = await clientPromise
        const { data } = await client.auth.getSession()
        const userId = data.session?.user.id
        if (!userId) throw new Error(MESSAGES.createPostFailed)
        return createCarouselPost(client, {
          userId,
          caption,
          photos: carouselPhotosFromInput(photos),
          onStage: (stage) => {
            for (const listener of progressListeners) listener(stage)
          }
        })
      },
      onProgress(listener) {
        progressListeners.add(listener)
        return () => {
          progressListeners.delete(listener)
        }
      }
    },
    app: {
      async getConfig(): Promise<AppConfig> {
        const config = await configPromise
        return {
          backendUrl: config.supabaseUrl,
          anonKey: config.supabaseAnonKey,
          backendKind: 'hosted',
          version: 'web',
          secretStorageWarning: null
        }
      }
    }
  }
}
