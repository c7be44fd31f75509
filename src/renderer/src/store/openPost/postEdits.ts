// The author's changes to the open post: its caption, alt texts and location, and deleting it.
// Either is applied once in the posts store, so every list showing the post follows (or drops it).

import type { Post } from '@shared/domain'
import { errorText, phrase } from '../../i18n/phrase'
import { CLOSED, type PostContext, type PostState } from './openPostTypes'

/**
 * Changes the open post once, in the posts store: every list showing it follows. Its counts are
 * the ones held when the change was sent (`mark`): a count changed since stays.
 */
function changePost(ctx: PostContext, post: Post, mark: number): void {
  ctx.deps.posts.getState().put([post], mark)
  ctx.deps.onPostChanged(post)
}

export function authorActions(ctx: PostContext): Pick<PostState, 'edit' | 'deleteOpenPost'> {
  return {
    async edit(edit) {
      const post = ctx.openPostOf()
      if (!post) return false
      ctx.set({ actionError: null })
      const mark = ctx.deps.posts.getState().readMark()
      try {
        const row = await ctx.deps.postData.edit(post.id, edit)
        const altTexts = edit.altTexts
        changePost(
          ctx,
          {
            ...post,
            caption: row.caption,
            alt_text: row.alt_text,
            location: row.location ?? null,
            edited_at: row.edited_at,
            post_images: post.post_images?.map((image) => ({
              ...image,
              alt_text: altTexts ? altTexts[image.position]?.trim() || null : image.alt_text
            }))
          },
          mark
        )
        return true
      } catch (error) {
        ctx.set({ actionError: errorText(error, phrase('errors.unknown')) })
        return false
      }
    },

    async deleteOpenPost() {
      const post = ctx.openPostOf()
      const { siblings } = ctx.get()
      if (!post) return false
      ctx.set({ actionError: null })
      try {
        await ctx.deps.postData.remove(post.id)
        ctx.set({ ...CLOSED, siblings: siblings.filter((id) => id !== post.id) })
        // Every list showing it drops it.
        ctx.deps.posts.getState().remove(post.id)
        return true
      } catch (error) {
        ctx.set({ actionError: errorText(error, phrase('errors.unknown')) })
        return false
      }
    }
  }
}
