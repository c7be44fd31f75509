// A toggle (like, save) shows every tap at once; this sends what the screen shows until the
// server holds it. A tap made while a send is in flight is never dropped: when the send ends,
// the latest state is sent if it differs, so a burst of taps costs at most one more request.

export interface SendLatestOutcome<T> {
  /** The state the server holds (or the outbox will deliver) when sending stopped. */
  confirmed: boolean
  /** The last send's result, when the server's answer matches what is shown. */
  result?: T
  /** Why sending stopped early; the caller shows `confirmed` again. */
  error?: unknown
}

export async function sendLatest<T>({
  confirmed,
  shown,
  send
}: {
  /** What the server held before the first tap. */
  confirmed: boolean
  /** What the screen shows now; undefined stops sending (the user signed out, the post left). */
  shown: () => boolean | undefined
  send: (wanted: boolean) => Promise<T>
}): Promise<SendLatestOutcome<T>> {
  let held = confirmed
  let result: T | undefined
  for (let wanted = shown(); wanted !== undefined && wanted !== held; wanted = shown()) {
    try {
      result = await send(wanted)
    } catch (error) {
      return { confirmed: held, error }
    }
    held = wanted
  }
  return { confirmed: held, result: shown() === held ? result : undefined }
}
