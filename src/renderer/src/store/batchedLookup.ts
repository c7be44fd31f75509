// Per-post facts asked for in batches (is it saved, its latest comments): every card that
// mounts in the same tick shares one request, a page read with the feed asks at once, and each
// post is asked about once until a failed answer makes it worth asking again.

export interface BatchedLookup {
  /** Asks about the ids not asked about yet, in one request with the rest of this tick's. */
  watch(ids: readonly string[]): void
  /** Asks at once about the ids not asked about yet; resolves when the answer is in. */
  prefetch(ids: readonly string[]): Promise<void>
  /** Asks about these ids again with the next batch, asked about before or not. */
  refresh(ids: readonly string[]): void
  /** Counts these ids as asked about without asking (their answer is known). */
  markKnown(ids: readonly string[]): void
  /** Forgets what was asked and drops what waits (another user signed in). */
  reset(): void
}

/**
 * `lookUp` asks the server and stores the answer; when it throws, `onError` is told and the ids
 * are asked about again the next time they are seen.
 */
export function batchedLookup(
  lookUp: (ids: string[]) => Promise<void>,
  onError: (error: unknown) => void
): BatchedLookup {
  const known = new Set<string>()
  let pending = new Set<string>()
  let queued = false

  async function ask(ids: string[]): Promise<void> {
    if (ids.length === 0) return
    try {
      await lookUp(ids)
    } catch (error) {
      for (const id of ids) known.delete(id)
      onError(error)
    }
  }

  function fresh(ids: readonly string[]): string[] {
    const unknown = ids.filter((id) => !known.has(id))
    for (const id of unknown) known.add(id)
    return unknown
  }

  function enqueue(ids: readonly string[]): void {
    for (const id of ids) pending.add(id)
    if (pending.size === 0 || queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      const batch = [...pending]
      pending = new Set()
      void ask(batch)
    })
  }

  return {
    watch: (ids) => enqueue(fresh(ids)),
    prefetch: (ids) => ask(fresh(ids)),
    refresh(ids) {
      for (const id of ids) known.add(id)
      enqueue(ids)
    },
    markKnown(ids) {
      for (const id of ids) known.add(id)
    },
    reset() {
      known.clear()
      pending = new Set()
    }
  }
}
