// Where a post of the author's goes in their grid after they archive, restore, pin or unpin it:
// pinned posts first, newest pin first, then the others newest first. Pure, so the rules are
// easy to test; the server reads the grid in the same order (fetchProfilePosts).

import type { Post } from '@shared/domain'

type Placed = Pick<Post, 'id' | 'created_at' | 'archived_at' | 'pinned_at' | 'pin_slot'>

const isPinned = (post: Placed | undefined): boolean => post?.pin_slot != null
const time = (at: string | null | undefined): number => (at ? Date.parse(at) : 0)

/** Whether `a` shows before `b` among unpinned posts: newer first, ties by the larger id. */
function newer(a: Placed, b: Placed): boolean {
  const at = time(a.created_at) - time(b.created_at)
  return at !== 0 ? at > 0 : a.id > b.id
}

/**
 * The grid's ids with `post` in its place: gone when archived, among the pins by when it was
 * pinned, else by its date. A post older than every loaded one is left for the next page when
 * there is one (`hasMore`), so it never shows twice.
 */
export function placeInGrid(
  ids: readonly string[],
  post: Placed,
  byId: Readonly<Record<string, Placed | undefined>>,
  hasMore: boolean
): string[] {
  const others = ids.filter((id) => id !== post.id)
  if (post.archived_at) return others
  const lookup = (id: string): Placed | undefined => (id === post.id ? post : byId[id])
  const pinned = others.filter((id) => isPinned(lookup(id)))
  const unpinned = others.filter((id) => !isPinned(lookup(id)))
  if (isPinned(post)) {
    const pins = [post.id, ...pinned].sort(
      (a, b) => time(lookup(b)?.pinned_at) - time(lookup(a)?.pinned_at)
    )
    return [...pins, ...unpinned]
  }
  const at = unpinned.findIndex((id) => {
    const other = lookup(id)
    return other !== undefined && newer(post, other)
  })
  if (at === -1) return hasMore ? [...pinned, ...unpinned] : [...pinned, ...unpinned, post.id]
  return [...pinned, ...unpinned.slice(0, at), post.id, ...unpinned.slice(at)]
}
