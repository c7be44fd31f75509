// Other people's new posts: counted behind the "New posts" pill as the live channel tells of
// them, caught up after a gap, and put on top when the pill is pressed (reading only those).

import { cursorOf } from '../../services/rules'
import { prependPage, trimWindow } from './feedPages'
import { sortCaughtUp } from './liveFeed'
import { heldPosts, postsOf, type FeedContext, type FeedState } from './feedTypes'

export function newPostsActions(
  ctx: FeedContext
): Pick<FeedState, 'postInserted' | 'catchUp' | 'showNewPosts'> {
  return {
    postInserted(row) {
      const state = ctx.get()
      // One's own post is already at the top (postCreated); a loading feed will read it.
      if (state.status !== 'ready' || row.user_id === ctx.deps.getUserId()) return
      if (state.newPostIds.includes(row.id) || state.ids.includes(row.id)) return
      ctx.set({ newPostIds: [...state.newPostIds, row.id] })
    },

    async catchUp() {
      // Scrolled so far that the top was dropped: it is re-read on the way back up anyway.
      if (ctx.get().status !== 'ready' || ctx.get().trimmedAbove > 0) return
      const token = ctx.loadToken.current
      const mark = postsOf(ctx).readMark()
      try {
        const top = await ctx.deps.feed.fetchPage({ limit: ctx.pageSize })
        if (token !== ctx.loadToken.current) return
        const caught = sortCaughtUp(heldPosts(ctx), top)
        for (const post of caught.held) postsOf(ctx).countersChanged(post, mark)
        for (const post of caught.fresh) ctx.get().postInserted(post)
      } catch (error) {
        console.error('Error fetching posts', error)
      }
    },

    async showNewPosts() {
      const state = ctx.get()
      const first = postsOf(ctx).byId[state.ids[0] ?? '']
      if (state.status !== 'ready' || state.newPostIds.length === 0) return
      // Scrolled far enough that the top was dropped, or nothing shown yet: read from the top.
      if (!first || state.trimmedAbove > 0) return ctx.get().load()
      const token = ctx.loadToken.current
      const mark = postsOf(ctx).readMark()
      try {
        const page = await ctx.deps.feed.fetchNewer({
          after: cursorOf(first),
          limit: Math.max(ctx.pageSize, state.newPostIds.length)
        })
        await postsOf(ctx).learnLikes(page)
        if (token !== ctx.loadToken.current) return
        postsOf(ctx).put(page, mark)
        ctx.set((current) => ({
          ...trimWindow(
            {
              ids: prependPage(current.ids, page),
              trimmedAbove: current.trimmedAbove,
              hasMore: current.hasMore
            },
            ctx.maxLoaded,
            'bottom'
          ),
          newPostIds: []
        }))
      } catch (error) {
        console.error('Error fetching posts', error)
      }
    }
  }
}
