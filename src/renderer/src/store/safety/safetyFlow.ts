// The report, block and mute dialog's steps as a store the dialog makes for each opening: the
// menu, a reason to report with "Thanks for reporting" after it, a block to confirm, posts
// and/or stories to mute. Each step's action goes through the safety store; a failure stays in
// the dialog with its reason, and a block or mute closes it with a toast (a block also leaves
// for the home feed, since what it showed is gone).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ReportReason, ReportTarget } from '../../services/types'
import type { AppStores } from '../appStores'
import { HOME } from '../router/routes'
import { errorText, phrase, type Phrase, type Text } from '../../i18n/phrase'

export type SafetyStep = 'menu' | 'report' | 'reported' | 'block' | 'mute'

export interface SafetyFlowOptions {
  person: { id: string; username: string }
  /** What "Report" reports. */
  target: { type: ReportTarget; id: string }
  step: SafetyStep
}

/** How the dialog is left once a block or a mute went through. */
export interface SafetyExits {
  onClose(): void
  /** After a block went through (the story viewer closes: the person's stories are gone). */
  onBlocked?(): void
}

export interface SafetyFlowState {
  step: SafetyStep
  reason: ReportReason | null
  details: string
  mute: { posts: boolean; stories: boolean }
  /** An action is in flight: its buttons, and every way out, wait. */
  busy: boolean
  error: Text | null
  go(step: SafetyStep): void
  setReason(reason: ReportReason): void
  setDetails(details: string): void
  setMute(mute: { posts: boolean; stories: boolean }): void
  report(): Promise<void>
  block(exits: SafetyExits): Promise<void>
  saveMute(exits: SafetyExits): Promise<void>
}

export type SafetyFlowStore = StoreApi<SafetyFlowState>

export function createSafetyFlow(
  { safety, toast, router }: Pick<AppStores, 'safety' | 'toast' | 'router'>,
  { person, target, step }: SafetyFlowOptions
): SafetyFlowStore {
  return createStore<SafetyFlowState>()((set, get) => {
    /** Runs one action with the dialog busy; false (and the reason shown) when it failed. */
    const run = async (work: () => Promise<void>): Promise<boolean> => {
      set({ busy: true, error: null })
      try {
        await work()
        return true
      } catch (caught) {
        set({ error: errorText(caught, phrase('errors.unknown')) })
        return false
      } finally {
        set({ busy: false })
      }
    }
    const say = (message: Phrase): void => toast.getState().show(message)

    return {
      step,
      reason: null,
      details: '',
      mute: { posts: true, stories: true },
      busy: false,
      error: null,
      go: (next) => set({ step: next }),
      setReason: (reason) => set({ reason }),
      setDetails: (details) => set({ details }),
      setMute: (mute) => set({ mute }),

      async report() {
        const { reason, details } = get()
        if (!reason) return
        const sent = await run(() =>
          safety.getState().report(target.type, target.id, reason, details)
        )
        if (sent) set({ step: 'reported' })
      },

      async block({ onClose, onBlocked }) {
        if (!(await run(() => safety.getState().block(person.id)))) return
        onClose()
        onBlocked?.()
        say(phrase('toasts.blocked', { username: person.username }))
        router.getState().navigate(HOME)
      },

      async saveMute({ onClose }) {
        const { mute } = get()
        if (!(await run(() => safety.getState().mute(person.id, mute)))) return
        onClose()
        const muted = mute.posts || mute.stories
        say(phrase(muted ? 'toasts.muted' : 'toasts.unmuted', { username: person.username }))
      }
    }
  })
}
