// Listens for files dragged over the whole window: while they hover, `dragging` is true (the
// app shows "Drop photos to share"); dropped, they go to Create (photoHandover.ts). A drop that
// a dialog's own drop zone took (it calls preventDefault first) is left to it.

import { useEffect, useState } from 'react'
import type { AppStores } from '../store'
import { carriesFiles, dropContext, dropOutcome, handOverPhotos } from './photoHandover'

export function useWindowDrop(stores: AppStores, enabled: boolean): boolean {
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    if (!enabled) return
    // dragenter and dragleave fire for every element crossed; the drag has left the window
    // when they balance.
    let depth = 0
    const stop = (): void => {
      depth = 0
      setDragging(false)
    }
    const accepts = (): boolean => dropOutcome(dropContext(stores)) !== 'leave'

    const onDragEnter = (event: DragEvent): void => {
      if (!carriesFiles(event.dataTransfer)) return
      depth += 1
      setDragging(accepts())
    }
    const onDragOver = (event: DragEvent): void => {
      if (!carriesFiles(event.dataTransfer) || event.defaultPrevented) return
      // Always: without it the drop event never fires and the window opens the file itself,
      // leaving the app.
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = accepts() ? 'copy' : 'none'
    }
    const onDragLeave = (event: DragEvent): void => {
      if (!carriesFiles(event.dataTransfer)) return
      depth -= 1
      if (depth <= 0) stop()
    }
    const onDrop = (event: DragEvent): void => {
      stop()
      if (!carriesFiles(event.dataTransfer) || event.defaultPrevented) return
      event.preventDefault()
      const files = [...(event.dataTransfer?.files ?? [])]
      if (files.length > 0) handOverPhotos(files, stores)
    }

    window.addEventListener('dragenter', onDragEnter)
    window.addEventListener('dragover', onDragOver)
    window.addEventListener('dragleave', onDragLeave)
    window.addEventListener('drop', onDrop)
    return () => {
      window.removeEventListener('dragenter', onDragEnter)
      window.removeEventListener('dragover', onDragOver)
      window.removeEventListener('dragleave', onDragLeave)
      window.removeEventListener('drop', onDrop)
      stop()
    }
  }, [stores, enabled])

  return dragging
}
