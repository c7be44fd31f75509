// Which photo the viewer shows, and moving on from it: through the open post's photos, then on
// to the previous or next post of the list the post view was opened from (the feed's or the
// profile's order), whose first photo (going forward) or last (going back) comes next.

import { useState } from 'react'
import type { Post, PostImage } from '@shared/domain'
import { sortedImages } from '../../services/rules'
import { useOpenPost, usePost, useStores } from '../../store'
import { siblingPost, stepPost } from '../../navigation/postRoute'

/** A post's photo; index -1 is its last, for a post reached going back. */
export interface ViewerPosition {
  postId: string
  index: number
}

export interface ViewerPlace {
  /** The open post, once it is the one the position names (null while the next one loads). */
  post: Post | null
  images: PostImage[]
  index: number
  canStep(direction: -1 | 1): 'photo' | 'post' | null
  step(direction: -1 | 1): void
}

export function useViewerPosition(start: ViewerPosition): ViewerPlace {
  const stores = useStores()
  const [position, setPosition] = useState(start)
  const openPost = useOpenPost()
  // Subscribed so the buttons follow when the list changes; read through siblingPost.
  usePost((state) => state.siblings)
  const post = openPost?.id === position.postId ? openPost : null
  const images = post ? sortedImages(post) : []
  const index = position.index < 0 ? images.length - 1 : Math.min(position.index, images.length - 1)

  const canStep = (direction: -1 | 1): 'photo' | 'post' | null => {
    if (!post) return null
    const to = index + direction
    if (to >= 0 && to < images.length) return 'photo'
    return siblingPost(stores, direction) ? 'post' : null
  }

  const step = (direction: -1 | 1): void => {
    const kind = canStep(direction)
    if (kind === 'photo') setPosition({ postId: position.postId, index: index + direction })
    if (kind !== 'post') return
    const neighbour = siblingPost(stores, direction)!
    stepPost(stores, direction)
    setPosition({ postId: neighbour, index: direction > 0 ? 0 : -1 })
  }

  return { post, images, index, canStep, step }
}
