// Shows what an activity line is about: the post in the post view (as a deep link to it
// does), for a follow the follower's profile, for a direct message its thread. Used by the activity panel's lines and by
// clicked desktop notifications, so both open the same thing.

import type { ActivityTarget } from '@shared/bridge-contract'
import type { AppStores } from '../store'
import { showPost } from '../navigation/postRoute'

export function openActivityTarget(
  stores: Pick<AppStores, 'activity' | 'post' | 'router' | 'ui'>,
  target: ActivityTarget
): void {
  stores.activity.getState().closePanel()
  stores.ui.getState().closeModal()
  if (target.kind === 'profile') {
    stores.router.getState().navigate({ name: 'profile', username: target.username })
    return
  }
  if (target.kind === 'direct') {
    stores.router.getState().navigate({ name: 'direct', thread: target.threadId })
    return
  }
  showPost(stores, target.postId)
}
