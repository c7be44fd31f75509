// Sign-out leaves nothing of the user on this device. Saved answers are kept per account (their
// scope is the user id), so logging out of one account while others stay signed in removes only
// that account's answers. Seen images are keyed by URL, not by user, and are only ever shown for
// a post named by an answer in the reader's own scope, so they stay while someone is signed in;
// the last sign-out removes them (they may show private posts), the visitor's copy of the public
// feed (it refills on the next read) and the memory of who was signed in last.

import type { OfflineCache } from './index'
import { rememberUser } from './cacheScope'

export async function wipeCacheOnSignOut(
  cache: OfflineCache | null,
  userId: string | null,
  /** Whether other accounts are still signed in on this device. */
  othersRemain = false
): Promise<void> {
  // The remembered user is the account now current: keep it for the next cold start.
  if (!othersRemain) rememberUser(null)
  if (!cache) return
  try {
    if (othersRemain && userId) await cache.answers.clearScope(userId)
    else await cache.clear()
  } catch (error) {
    console.error(`Error wiping the offline cache of ${userId ?? 'a visitor'}`, error)
  }
}
