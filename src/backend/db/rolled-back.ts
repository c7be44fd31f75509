// A transaction that answers and keeps nothing: `Prefer: tx=rollback` on REST, and Realtime's
// policy checks. Throwing is how a transaction ends in a rollback, so the answer rides on the
// throw and is taken off it outside.

import type { Transaction } from './database'

class RolledBack<T> {
  constructor(readonly answer: T) {}
}

/**
 * Runs `work` in the transaction that `begin` opens (a role's or the backend's own), rolls it
 * back, and returns what `work` returned. Errors of `work` pass through unchanged.
 */
export async function answerAndRollBack<T>(
  begin: (body: (tx: Transaction) => Promise<never>) => Promise<unknown>,
  work: (tx: Transaction) => Promise<T>
): Promise<T> {
  try {
    await begin(async (tx) => {
      throw new RolledBack(await work(tx))
    })
  } catch (outcome) {
    if (outcome instanceof RolledBack) return outcome.answer as T
    throw outcome
  }
  throw new Error('unreachable: a rolled-back transaction always throws')
}
