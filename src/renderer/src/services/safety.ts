// Safety and content controls as the renderer calls them: block, mute, report, private account,
// follow requests and moderation (loaded with the first one used: a Settings list, a block, a
// report), and the signed-in person's words, switches and close friends.

import {
  addCloseFriend,
  addWord,
  fetchCloseFriends,
  fetchMyControls,
  removeCloseFriend,
  removeWord,
  saveContentSettings,
  setPostControls
} from '@shared/data/content-controls'
import type { Bind } from './binding'
import { later } from './lazy'

const safety = (): Promise<typeof import('@shared/data/safety')> => import('@shared/data/safety')

export function createSafetyServices(bind: Bind) {
  return {
    safety: {
      isModerator: bind(later(safety, 'isModerator')),
      fetchBlocked: bind(later(safety, 'fetchBlockedAccounts')),
      fetchMutes: bind(later(safety, 'fetchMutes')),
      fetchFollowRequests: bind(later(safety, 'fetchFollowRequests')),
      fetchReports: bind(later(safety, 'fetchModerationReports')),
      block: bind(later(safety, 'blockPerson')),
      unblock: bind(later(safety, 'unblockPerson')),
      setMute: bind(later(safety, 'setMute')),
      report: bind(later(safety, 'reportContent')),
      setPrivate: bind(later(safety, 'setAccountPrivate')),
      hasRequestedToFollow: bind(later(safety, 'hasRequestedToFollow')),
      approveFollowRequest: bind(later(safety, 'approveFollowRequest')),
      deleteFollowRequest: bind(later(safety, 'deleteFollowRequest')),
      resolveReport: bind(later(safety, 'resolveReport')),
      fetchSuspended: bind(later(safety, 'fetchSuspendedAccounts')),
      liftSuspension: bind(later(safety, 'liftSuspension'))
    },
    controls: {
      fetchMine: bind(fetchMyControls),
      addWord: bind(addWord),
      removeWord: bind(removeWord),
      saveSettings: bind(saveContentSettings),
      fetchCloseFriends: bind(fetchCloseFriends),
      addCloseFriend: bind(addCloseFriend),
      removeCloseFriend: bind(removeCloseFriend),
      setPostControls: bind(setPostControls)
    }
  }
}

export type SafetyServices = ReturnType<typeof createSafetyServices>
