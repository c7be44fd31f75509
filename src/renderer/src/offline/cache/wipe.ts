// Sign-out leaves nothing of the user on this device: their saved answers, every image they saw
// (images are not per user, and may show private posts they could see) and the memory of who
// was signed in last. The visitor's copy of the public feed goes too; it refills on the next
// read.

import type { OfflineCache } from './index'
import { rememberUser } from './cacheScope'

export async function wipeCacheOnSignOut(
  cache: OfflineCache | null,
  userId: string | null
): Promise<void> {
  rememberUser(null)
  if (!cache) return
  try {
    await cache.clear()
  } catch (error) {
    console.error(`Error wiping the offline cache of ${userId ?? 'a visitor'}`, error)
  }
}
