// Step one of creating a post: drop photos from the file manager, or pick them (the native
// dialog in the desktop app, a file input that takes several in a browser).

import { useRef, useState, type DragEvent, type ReactElement } from 'react'
import { ImagePlus } from 'lucide-react'
import styles from './CreatePostModal.module.scss'

export interface DropZoneProps {
  hasNativeDialog: boolean
  onPickNative(): void
  /** Every file of one drop or pick, in order. */
  onFiles(files: File[], source: 'selected' | 'dropped'): void
}

export function DropZone({ hasNativeDialog, onPickNative, onFiles }: DropZoneProps): ReactElement {
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const pick = (): void => {
    if (hasNativeDialog) onPickNative()
    else inputRef.current?.click()
  }

  const onDragOver = (event: DragEvent<HTMLDivElement>): void => {
    // Without preventDefault the drop event never fires.
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault()
    setDragging(false)
    const files = [...event.dataTransfer.files]
    if (files.length > 0) onFiles(files, 'dropped')
  }

  return (
    <div
      className={`${styles.dropZone} ${dragging ? styles['dropZone--active'] : ''}`}
      data-testid="drop-zone"
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <ImagePlus size={72} strokeWidth={1} aria-hidden className={styles.dropIcon} />
      <p className={styles.dropText}>Drag photos here</p>
      <button type="button" className={styles.selectButton} onClick={pick}>
        Select from computer
      </button>
      <input
        ref={inputRef}
        className={styles.fileInput}
        type="file"
        accept="image/*"
        multiple
        aria-label="Choose an image file"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          // Reset so choosing the same file again still fires a change.
          event.target.value = ''
          if (files.length > 0) onFiles(files, 'selected')
        }}
      />
    </div>
  )
}
