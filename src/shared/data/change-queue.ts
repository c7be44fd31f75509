// Changes that must apply one at a time, in order (the list of signed-in accounts): each waits
// for those before it, and `settled` waits until none is left, including any queued meanwhile.

export class ChangeQueue {
  private work: Promise<void> = Promise.resolve()

  /** `onError` hears a failure; the caller's promise rejects with it too. */
  constructor(private readonly onError: (error: unknown) => void) {}

  run(change: () => Promise<void>): Promise<void> {
    const run = this.work.then(change)
    this.work = run.catch(this.onError)
    return run
  }

  async settled(): Promise<void> {
    let seen: Promise<void>
    do {
      seen = this.work
      await seen
    } while (seen !== this.work)
  }
}
