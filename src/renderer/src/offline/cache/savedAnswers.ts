// What the stores see of the read cache: answers saved under a key, for whoever is signed in
// now (a visitor saves only the public feed). Writes never fail the caller: a cache that cannot
// be written costs only the offline copy, so errors are logged and swallowed.

import type { ReadCache } from './readCache'
import { VISITOR_SCOPE } from './readCache'

export interface SavedAnswers {
  read<T>(key: string): Promise<T | null>
  write(key: string, data: unknown): void
}

/** The keys a signed-out visitor's cache may hold: the public feed and nothing personal. */
const VISITOR_KEYS = new Set(['feed'])

export const cacheKeys = {
  feed: 'feed',
  followingFeed: 'following',
  activity: 'activity',
  ownProfile: 'me',
  profile: (username: string): string => `profile:${username}`,
  post: (postId: string): string => `post:${postId}`,
  directFolder: (folder: string): string => `direct:${folder}`,
  directThread: (threadId: string): string => `direct-thread:${threadId}`
}

export function savedAnswers(cache: ReadCache, getScope: () => string | null): SavedAnswers {
  const scopeFor = (key: string): string | null => {
    const scope = getScope() ?? VISITOR_SCOPE
    return scope === VISITOR_SCOPE && !VISITOR_KEYS.has(key) ? null : scope
  }
  return {
    async read<T>(key: string): Promise<T | null> {
      const scope = scopeFor(key)
      if (!scope) return null
      try {
        return await cache.read<T>(scope, key)
      } catch (error) {
        console.error('Error reading the offline cache', error)
        return null
      }
    },
    write(key, data) {
      const scope = scopeFor(key)
      if (!scope) return
      cache.write(scope, key, data).catch((error: unknown) => {
        console.error('Error saving to the offline cache', error)
      })
    }
  }
}
