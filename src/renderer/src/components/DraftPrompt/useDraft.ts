// Crash-safe drafts: what is being written (a post in the create modal, a comment on a post) is
// saved to the outbox database as it changes, ~300 ms after the last change, so a crash, a
// forced quit or a power cut loses at most that much. When the same place opens again with a
// saved draft, the caller offers it back ("Restore draft?"): restoring hands it over, discarding
// deletes it. Emptying what is written (sending it, clearing it) deletes the draft at once.

import { useCallback, useEffect, useState } from 'react'
import { useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'

export const DRAFT_SAVE_DELAY_MS = 300

export interface Draft<T> {
  /** A saved draft found when this place opened, until it is restored or discarded. */
  offer: T | null
  /** Takes the offered draft (the caller puts it back into its fields). */
  restore(): T | null
  /** Deletes the offered draft. */
  discard(): void
}

/**
 * Keeps `value` saved as the draft `key` of the signed-in user (nothing when signed out or
 * `key` is null). While a saved draft is on offer, nothing is saved over it. `isEmpty` must be
 * a stable function (declared at module level).
 */
export function useDraft<T>(
  key: string | null,
  value: T,
  isEmpty: (value: T) => boolean
): Draft<T> {
  const { outbox } = useStores()
  const userId = useSession(selectUserId)
  // Both are tagged with the key they belong to, so a previous key's answer is simply ignored.
  const [offer, setOffer] = useState<{ key: string; draft: T } | null>(null)
  // Saving starts once the saved draft was looked up, so a slow read cannot be overwritten.
  const [lookedUp, setLookedUp] = useState<string | null>(null)

  useEffect(() => {
    if (!userId || !key) return
    let cancelled = false
    outbox
      .getState()
      .db()
      .then((db) => db.getDraft<T>(userId, key))
      .then(
        (draft) => {
          if (cancelled) return
          if (draft !== undefined && !isEmpty(draft)) setOffer({ key, draft })
          setLookedUp(key)
        },
        (error: unknown) => {
          console.warn('Could not read the saved draft', error)
          if (!cancelled) setLookedUp(key)
        }
      )
    return () => {
      cancelled = true
    }
  }, [outbox, userId, key, isEmpty])

  const onOffer = offer !== null && offer.key === key
  useEffect(() => {
    if (!userId || !key || lookedUp !== key || onOffer) return
    const save = (): void => {
      void outbox
        .getState()
        .db()
        .then((db) =>
          isEmpty(value) ? db.deleteDraft(userId, key) : db.putDraft(userId, key, value)
        )
        .catch((error: unknown) => console.warn('Could not save the draft', error))
    }
    // Emptied (sent or cleared): gone at once, so a crash right after cannot bring it back.
    if (isEmpty(value)) {
      save()
      return
    }
    const timer = setTimeout(save, DRAFT_SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [outbox, userId, key, lookedUp, onOffer, value, isEmpty])

  const restore = useCallback((): T | null => {
    const draft = offer?.draft ?? null
    setOffer(null)
    return draft
  }, [offer])

  const discard = useCallback((): void => {
    setOffer(null)
    if (!userId || !key) return
    void outbox
      .getState()
      .db()
      .then((db) => db.deleteDraft(userId, key))
      .catch((error: unknown) => console.warn('Could not delete the draft', error))
  }, [outbox, userId, key])

  return { offer: onOffer ? offer.draft : null, restore, discard }
}
