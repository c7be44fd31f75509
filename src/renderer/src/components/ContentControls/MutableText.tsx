// A comment's or caption's text, or the muted-word placeholder in its place until "Show".

import { useState, type ReactElement, type ReactNode } from 'react'
import { MutedPlaceholder } from './MutedPlaceholder'
import { useMutedWord } from './useContentControls'

export function MutableText({
  text,
  authorId,
  what,
  children
}: {
  text: string
  authorId: string
  what: 'Post' | 'Comment'
  children: ReactNode
}): ReactElement {
  const muted = useMutedWord(text, authorId)
  const [shown, setShown] = useState(false)
  if (muted && !shown) return <MutedPlaceholder what={what} onShow={() => setShown(true)} />
  return <>{children}</>
}
