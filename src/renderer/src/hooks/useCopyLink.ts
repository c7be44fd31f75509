// "Copy link": the post's shareable link onto the clipboard, confirmed by a short toast.

import { useCallback } from 'react'
import { MESSAGES } from '@shared/messages'
import { shareablePostLink } from '../platform/links'
import { useStores } from '../store'

export function useCopyLink(): (postId: string) => Promise<void> {
  const { toast } = useStores()
  return useCallback(
    async (postId: string) => {
      try {
        await navigator.clipboard.writeText(shareablePostLink(postId))
        toast.getState().show(MESSAGES.linkCopied)
      } catch {
        toast.getState().show("Couldn't copy the link")
      }
    },
    [toast]
  )
}
