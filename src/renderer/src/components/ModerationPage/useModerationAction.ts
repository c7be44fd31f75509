// A moderator's answer on one row (a report's Dismiss, Remove or Suspend; a suspension's Lift):
// the row's buttons wait while it is sent, a toast says it was done, or why not and the buttons
// come back. Done, the row leaves its list (the safety store's).

import { useState } from 'react'
import { useStores } from '../../store'
import { errorText, phrase, type Text } from '../../i18n/phrase'

export function useModerationAction(): {
  busy: boolean
  /** Sends `send`; `done` is the toast once it has gone through. */
  run(send: () => Promise<unknown>, done: Text): Promise<void>
} {
  const { toast } = useStores()
  const [busy, setBusy] = useState(false)
  const run = async (send: () => Promise<unknown>, done: Text): Promise<void> => {
    setBusy(true)
    try {
      await send()
      toast.getState().show(done)
    } catch (caught) {
      toast.getState().show(errorText(caught, phrase('errors.unknown')))
      setBusy(false)
    }
  }
  return { busy, run }
}
