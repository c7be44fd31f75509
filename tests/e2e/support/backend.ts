// Fast setup through supabase-js against the worker's local backend (support/test.ts): users,
// posts, likes and follows, each as the user who owns them (so row-level security applies).

import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { LiveStory, Post } from '../../../src/shared/domain'
import { createPost } from '../../../src/shared/data/post-create'
import { postStory } from '../../../src/shared/data/stories'
import { signUpWith, testClient } from '../../support/backend-harness'
import { photoPng } from '../fixtures/images'
import { startWebInstance } from './instance'

export interface E2eEnv {
  webUrl: string
  apiUrl: string
  anonKey: string
  serviceKey: string
}

export function e2eEnv(): E2eEnv {
  const { E2E_WEB_URL, E2E_API_URL, E2E_ANON_KEY, E2E_SERVICE_KEY } = process.env
  if (!E2E_WEB_URL || !E2E_API_URL || !E2E_ANON_KEY || !E2E_SERVICE_KEY) {
    throw new Error('E2E_* variables are missing: import `test` from tests/e2e/support/test.ts')
  }
  return {
    webUrl: E2E_WEB_URL,
    apiUrl: E2E_API_URL,
    anonKey: E2E_ANON_KEY,
    serviceKey: E2E_SERVICE_KEY
  }
}

export function nodeClient(key: string = e2eEnv().anonKey): SupabaseClient {
  return testClient(e2eEnv().apiUrl, key)
}

/** Unique across files, runs and retries: a short random suffix on a readable stem. */
export function uniqueName(stem: string): string {
  return `${stem}_${randomBytes(4).toString('hex')}`.toLowerCase().slice(0, 30)
}

export interface UserCredentials {
  email: string
  password: string
  username: string
  fullName: string
}

export function newCredentials(stem: string): UserCredentials {
  const username = uniqueName(stem)
  return {
    email: `${username}@example.com`,
    password: 'secret-pass-123',
    username,
    fullName: `${stem[0].toUpperCase()}${stem.slice(1)} Tester`
  }
}

export interface TestUser extends UserCredentials {
  id: string
  /** Signed in as this user. */
  client: SupabaseClient
}

/** A user signed up through tests/support's one way, with a client kept signed in as them. */
export async function createUser(stem: string): Promise<TestUser> {
  const credentials = newCredentials(stem)
  const user = await signUpWith(nodeClient(), stem, credentials)
  return { ...credentials, id: user.userId, client: user.client }
}

export async function createPostAs(user: TestUser, caption: string, seed = 1): Promise<Post> {
  const image = photoPng(seed)
  return createPost(user.client, {
    userId: user.id,
    caption,
    photos: [{ bytes: new Uint8Array(image.buffer), declaredType: image.mimeType }]
  })
}

/**
 * A user with `count` posts made through the API, oldest first, captioned `<caption> <i>` with
 * photo seeds from `firstSeed`: the "signed-in user with N posts" a spec starts from (sign in
 * with openSignedIn).
 */
export async function createUserWithPosts(
  stem: string,
  count: number,
  { caption = 'Post', firstSeed = 1 }: { caption?: string; firstSeed?: number } = {}
): Promise<{ user: TestUser; posts: Post[] }> {
  const user = await createUser(stem)
  const posts: Post[] = []
  // One at a time: the feed orders by creation time.
  for (let i = 0; i < count; i++) {
    posts.push(await createPostAs(user, `${caption} ${i}`, firstSeed + i))
  }
  return { user, posts }
}

/** A story as `user` through the data layer, with a small thumbnail as its renditions. */
export async function postStoryAs(
  user: TestUser,
  text: string,
  seed = 1,
  closeFriendsOnly = false
): Promise<LiveStory> {
  const image = photoPng(seed, 180)
  const thumb = photoPng(seed, 32)
  return postStory(user.client, {
    userId: user.id,
    bytes: new Uint8Array(image.buffer),
    declaredType: image.mimeType,
    text,
    closeFriendsOnly,
    renditions: {
      thumbnailBytes: new Uint8Array(thumb.buffer),
      thumbnailType: thumb.mimeType,
      width: 180,
      height: 180,
      placeholder: null
    }
  })
}

export async function likeAs(user: TestUser, post: Post): Promise<void> {
  const { error } = await user.client.from('likes').insert({ user_id: user.id, post_id: post.id })
  if (error) throw new Error(`like failed: ${error.message}`)
}

export async function follow(follower: TestUser, following: TestUser): Promise<void> {
  const { error } = await follower.client
    .from('follows')
    .insert({ follower_id: follower.id, following_id: following.id })
  if (error) throw new Error(`follow failed: ${error.message}`)
}

export interface EmptyInstance {
  webUrl: string
  close(): Promise<void>
}

/**
 * The web build (made by global-setup.ts) served over a fresh in-memory backend of its own: for
 * a spec that needs a backend with no data at all, whatever the other specs wrote.
 */
export function startEmptyInstance(): Promise<EmptyInstance> {
  return startWebInstance()
}
