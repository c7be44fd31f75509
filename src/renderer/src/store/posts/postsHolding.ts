// Which posts are kept: lists say which ids they hold, posts no list holds (and no like in
// flight) are dropped, so memory stays bounded by what the lists keep; a deleted post is
// announced so every list drops its id.

import { retained } from './postEntities'
import type { PostsContext, PostsState } from './postsTypes'

export function holdingActions({
  get,
  set
}: PostsContext): Pick<PostsState, 'remove' | 'onRemoved' | 'hold'> {
  const holders = new Map<string, readonly string[]>()
  const removedListeners = new Set<(postId: string) => void>()
  return {
    remove(postId) {
      set((state) => {
        if (!(postId in state.byId)) return {}
        const byId = { ...state.byId }
        delete byId[postId]
        return { byId }
      })
      for (const listener of removedListeners) listener(postId)
    },

    onRemoved(listener) {
      removedListeners.add(listener)
      return () => removedListeners.delete(listener)
    },

    hold(owner, ids) {
      // Lists tell this on every change of theirs (a draft typed in the post view too): only a
      // change of the ids held is worth a look at what to drop.
      const before = holders.get(owner)
      if (before && before.length === ids.length && before.every((id, at) => id === ids[at])) {
        return
      }
      holders.set(owner, ids)
      const held = new Set<string>()
      for (const list of holders.values()) for (const id of list) held.add(id)
      for (const id of get().likingIds) held.add(id)
      const state = get()
      if (Object.keys(state.byId).every((id) => held.has(id))) return
      set(retained(state, held))
    }
  }
}
