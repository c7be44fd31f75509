// Block, mute, report, private account, follow requests and moderation for the signed-in user
// (issue #25). The database enforces each rule; this store holds the lists the Settings sections
// and the Moderation view show, and tells the other stores when what they show is out of date
// (a block hides someone everywhere: the feeds reload).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Services } from '../../services'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import type {
  ListedPerson,
  ModerationAction,
  ModerationReport,
  Mute,
  ReportReason,
  ReportTarget,
  SuspendedAccount
} from '../../services/types'

export interface SafetyDeps {
  /** The operations load with the first one used (services/safety.ts). */
  safety: Services['safety']
  getUserId(): string | null
  /** Someone was blocked or unblocked, or muted: feeds, strip and lists must be read again. */
  onVisibilityChanged(): void
}

type Status = 'idle' | 'loading' | 'ready' | 'failed'
type List = 'blocked' | 'mutes' | 'requests' | 'reports' | 'suspended'

export interface SafetyState {
  blocked: ListedPerson[]
  mutes: Mute[]
  requests: ListedPerson[]
  reports: ModerationReport[]
  /** Moderators only: the suspended accounts, which they may lift. */
  suspended: SuspendedAccount[]
  /** Which lists have been read, and how that went; errors say why. */
  status: Record<List, Status>
  error: Text | null
  moderator: boolean
  checkModerator(): Promise<void>
  loadBlocked(): Promise<void>
  loadMutes(): Promise<void>
  loadRequests(): Promise<void>
  loadReports(): Promise<void>
  loadSuspended(): Promise<void>
  block(personId: string): Promise<void>
  unblock(personId: string): Promise<void>
  mute(personId: string, what: { posts: boolean; stories: boolean }): Promise<void>
  report(target: ReportTarget, id: string, reason: ReportReason, details: string): Promise<void>
  setPrivate(isPrivate: boolean): Promise<void>
  /** Whether the signed-in user waits for `personId` to answer a follow request. */
  requestedTo(personId: string): Promise<boolean>
  answerRequest(requesterId: string, approve: boolean): Promise<void>
  resolve(reportId: string, action: ModerationAction): Promise<void>
  liftSuspension(personId: string): Promise<void>
}

export type SafetyStore = StoreApi<SafetyState>

export function createSafetyStore(deps: SafetyDeps): SafetyStore {
  return createStore<SafetyState>()((set, get) => {
    const data = deps.safety
    /** Reads one list into the state, recording its status. */
    async function read<K extends List>(
      key: K,
      fetch: () => Promise<SafetyState[K]>
    ): Promise<void> {
      set((state) => ({ status: { ...state.status, [key]: 'loading' } }))
      try {
        const rows = await fetch()
        set(
          (state) =>
            ({ [key]: rows, status: { ...state.status, [key]: 'ready' } }) as Partial<SafetyState>
        )
      } catch (error) {
        set((state) => ({
          error: errorText(error, phrase('errors.unknown')),
          status: { ...state.status, [key]: 'failed' }
        }))
      }
    }
    return {
      blocked: [],
      mutes: [],
      requests: [],
      reports: [],
      suspended: [],
      status: {
        blocked: 'idle',
        mutes: 'idle',
        requests: 'idle',
        reports: 'idle',
        suspended: 'idle'
      },
      error: null,
      moderator: false,
      async checkModerator() {
        try {
          set({ moderator: await data.isModerator(deps.getUserId()) })
        } catch {
          set({ moderator: false })
        }
      },
      loadBlocked: () => read('blocked', () => data.fetchBlocked()),
      loadMutes: () => read('mutes', () => data.fetchMutes(deps.getUserId())),
      loadRequests: () => read('requests', () => data.fetchFollowRequests()),
      loadReports: () => read('reports', () => data.fetchReports()),
      loadSuspended: () => read('suspended', () => data.fetchSuspended()),
      async block(personId) {
        await data.block(deps.getUserId(), personId)
        deps.onVisibilityChanged()
      },
      async unblock(personId) {
        await data.unblock(deps.getUserId(), personId)
        set((state) => ({ blocked: state.blocked.filter((person) => person.id !== personId) }))
        deps.onVisibilityChanged()
      },
      async mute(personId, what) {
        await data.setMute(deps.getUserId(), personId, what)
        if (get().status.mutes !== 'idle') await get().loadMutes()
        deps.onVisibilityChanged()
      },
      async report(target, id, reason, details) {
        await data.report(target, id, reason, details)
      },
      async setPrivate(isPrivate) {
        await data.setPrivate(deps.getUserId(), isPrivate)
      },
      async requestedTo(personId) {
        return data.hasRequestedToFollow(deps.getUserId(), personId)
      },
      async answerRequest(requesterId, approve) {
        if (approve) await data.approveFollowRequest(requesterId)
        else await data.deleteFollowRequest(requesterId, deps.getUserId() ?? '')
        set((state) => ({ requests: state.requests.filter((person) => person.id !== requesterId) }))
      },
      async resolve(reportId, action) {
        await data.resolveReport(reportId, action)
        await get().loadReports()
        if (action === 'suspend') await get().loadSuspended()
      },
      async liftSuspension(personId) {
        await data.liftSuspension(personId)
        set((state) => ({ suspended: state.suspended.filter((person) => person.id !== personId) }))
        await get().loadReports()
      }
    }
  })
}
