// The "load more" of a keyset-paged list, once for every store that shows one: the first page
// (which starts the list again), the next page after the held cursor, the end (no cursor), and
// a failure said in words. The store keeps the list in its own state, under its own names; this
// keeps the rules: a page asked for a list that was started again or reset meanwhile is
// dropped, "load more" while a page is on its way asks nothing more, and a failure leaves the
// pages already shown (the cursor stays, so "load more" tries that page again).

import { errorText, phrase, type Text } from '../i18n/phrase'

export interface PageOf<T, C> {
  items: T[]
  /** Where the next page starts; null when this page was the last. */
  next: C | null
}

export interface PagedListSpec<K, T, C> {
  /** Reads `key`'s page after `after` (its first page when null). */
  read(key: K, after: C | null): Promise<PageOf<T, C>>
  /** The cursor of the list shown, or null at its end (or before its first page). */
  cursor(): C | null
  /** A page is on its way: the first (`more` false, the list starts again) or the next. */
  loading(more: boolean, key: K): void
  /**
   * A read's mark, taken as it is sent (the posts store's `readMark`, so a page answered after a
   * newer count keeps that count); `arrived` is given it.
   */
  readMark?(): number
  /** The page came for the list still shown, read at `mark` (when `readMark` is given). */
  arrived(page: PageOf<T, C>, more: boolean, key: K, mark?: number): void
  /** The page could not be read; the pages shown stay. */
  failed(error: Text, more: boolean, key: K): void
}

export interface PagedList<K> {
  /** Reads `key`'s first page; whatever an earlier read brings back is dropped. */
  first(key: K): Promise<void>
  /** Reads the next page of the list shown: nothing at its end, once while one is on its way. */
  more(): Promise<void>
  /** Forgets the list: a page on its way is dropped. */
  reset(): void
  /** Whether a page is on its way. */
  busy(): boolean
}

export function pagedList<K, T, C>(spec: PagedListSpec<K, T, C>): PagedList<K> {
  // Each start is a token: an answer for a list started again meanwhile is dropped.
  let token = 0
  let key: { value: K } | null = null
  let inFlight: Promise<void> | null = null

  async function load(mine: number, of: K, more: boolean, after: C | null): Promise<void> {
    spec.loading(more, of)
    const mark = spec.readMark?.()
    try {
      const page = await spec.read(of, after)
      if (mine === token) spec.arrived(page, more, of, mark)
    } catch (error) {
      if (mine === token) spec.failed(errorText(error, phrase('errors.unknown')), more, of)
    }
  }

  function run(mine: number, of: K, more: boolean, after: C | null): Promise<void> {
    const read = load(mine, of, more, after).finally(() => {
      if (inFlight === read) inFlight = null
    })
    inFlight = read
    return read
  }

  return {
    first(of) {
      key = { value: of }
      return run(++token, of, false, null)
    },
    more() {
      if (inFlight) return inFlight
      const after = spec.cursor()
      if (!key || after === null) return Promise.resolve()
      return run(token, key.value, true, after)
    },
    reset() {
      token++
      key = null
      inFlight = null
    },
    busy: () => inFlight !== null
  }
}

/** Appends a page's ids to those held, leaving out any already held (shown once each). */
export function appendNew(held: readonly string[], page: readonly { id: string }[]): string[] {
  const seen = new Set(held)
  return [...held, ...page.map((item) => item.id).filter((id) => !seen.has(id) && seen.add(id))]
}
