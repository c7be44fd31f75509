// The message box: Enter sends, Shift+Enter starts a new line; a photo pasted or dropped on the
// thread is prepared by the image pipeline and sent as a photo message.

import { useState, type ClipboardEvent, type KeyboardEvent, type ReactElement } from 'react'
import { renditionsFromBridge, MAX_DIRECT_TEXT_LENGTH } from '../../services/rules'
import { processImage } from '../../imaging/processImage'
import { readImageFile } from '../../picking/readImage'
import { useStores } from '../../store'
import styles from './DirectThread.module.scss'

/** Sends the first image among `files` as a photo message; says why when it cannot. */
export async function sendPhotoFiles(
  files: FileList | File[],
  source: 'selected' | 'dropped',
  stores: Pick<ReturnType<typeof useStores>, 'direct' | 'toast'>
): Promise<void> {
  const file = [...files].find((f) => f.type.startsWith('image/')) ?? files[0]
  if (!file) return
  const read = await readImageFile(file, source)
  if (!read.ok) return stores.toast.getState().show(read.message)
  const processed = await processImage(read.image)
  if (!processed.renditions) {
    return stores.toast.getState().show('This photo could not be prepared for sending')
  }
  await stores.direct.getState().sendPhoto({
    bytes: processed.image.bytes,
    declaredType: processed.image.type,
    renditions: renditionsFromBridge(processed.renditions)
  })
}

export function DirectComposer({ disabled }: { disabled: boolean }): ReactElement {
  const stores = useStores()
  const [text, setText] = useState('')

  const send = (): void => {
    if (!text.trim()) return
    void stores.direct.getState().sendText(text)
    setText('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    if (event.clipboardData.files.length === 0) return
    event.preventDefault()
    void sendPhotoFiles(event.clipboardData.files, 'selected', stores)
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <textarea
        className={styles.input}
        aria-label="Message"
        placeholder="Message..."
        rows={1}
        maxLength={MAX_DIRECT_TEXT_LENGTH}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value)
          if (event.target.value) stores.direct.getState().typing()
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <button type="submit" className={styles.send} disabled={disabled || !text.trim()}>
        Send
      </button>
    </form>
  )
}
