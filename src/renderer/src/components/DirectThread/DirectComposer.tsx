// The message box: the emoji button (EmojiPicker) puts emoji where the caret is, Enter sends,
// Shift+Enter starts a new line; the photo button (the native dialog in the desktop app, a file
// input in a browser), a paste or a drop on the thread sends a photo, prepared by the image
// pipeline.

import { useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactElement } from 'react'
import { Image as ImageIcon } from 'lucide-react'
import type { ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { renditionsFromBridge, MAX_DIRECT_TEXT_LENGTH } from '../../services/rules'
import { processImage } from '../../imaging/processImage'
import { checkImageFile, readImageFile } from '../../picking/readImage'
import { useStores } from '../../store'
import { EmojiPicker } from '../EmojiPicker/EmojiPicker'
import { i18n, useT } from '../../i18n'
import styles from './DirectThread.module.scss'

type PhotoStores = Pick<ReturnType<typeof useStores>, 'direct' | 'toast'>

/** Sends the first image among `files` as a photo message; says why when it cannot. */
export async function sendPhotoFiles(
  files: FileList | File[],
  source: 'selected' | 'dropped',
  stores: PhotoStores
): Promise<void> {
  const file = [...files].find((f) => f.type.startsWith('image/')) ?? files[0]
  if (!file) return
  const read = await readImageFile(file, source)
  if (!read.ok) return stores.toast.getState().show(read.message)
  await sendPhoto(read.image, stores)
}

/** Sends a checked image as a photo message. */
async function sendPhoto(image: ImageFile, stores: PhotoStores): Promise<void> {
  const processed = await processImage(image)
  if (!processed.renditions) {
    return stores.toast.getState().show(i18n.t('direct.photoNotPrepared'))
  }
  await stores.direct.getState().sendPhoto({
    bytes: processed.image.bytes,
    declaredType: processed.image.type,
    renditions: renditionsFromBridge(processed.renditions)
  })
}

export function DirectComposer({ disabled }: { disabled: boolean }): ReactElement {
  const stores = useStores()
  const t = useT()
  const [text, setText] = useState('')
  const field = useRef<HTMLTextAreaElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

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
  /** Puts `emoji` in place of the selection (at the caret), within the length limit. */
  const insertEmoji = (emoji: string): void => {
    const start = field.current?.selectionStart ?? text.length
    const end = field.current?.selectionEnd ?? text.length
    const next = text.slice(0, start) + emoji + text.slice(end)
    if (next.length > MAX_DIRECT_TEXT_LENGTH) return
    setText(next)
    stores.direct.getState().typing()
    // The caret follows the emoji (once React has written the new value).
    requestAnimationFrame(() =>
      field.current?.setSelectionRange(start + emoji.length, start + emoji.length)
    )
  }
  const pickPhoto = async (): Promise<void> => {
    if (!stores.api.images.hasNativeDialog) return fileInput.current?.click()
    try {
      const [picked] = await stores.api.images.pick({ multiple: false })
      if (!picked) return
      const checked = checkImageFile(picked, 'selected')
      if (!checked.ok) return stores.toast.getState().show(checked.message)
      await sendPhoto(checked.image, stores)
    } catch (error) {
      stores.toast.getState().show(messageOr(error, MESSAGES.selectImageFile))
    }
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <EmojiPicker onPick={insertEmoji} disabled={disabled} />
      <textarea
        ref={field}
        className={styles.input}
        aria-label={t('direct.message')}
        placeholder={t('direct.messagePlaceholder')}
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
      <button
        type="button"
        className={styles.photoButton}
        aria-label={t('direct.sendPhoto')}
        disabled={disabled}
        onClick={() => void pickPhoto()}
      >
        <ImageIcon size={24} aria-hidden />
      </button>
      <input
        ref={fileInput}
        className={styles.fileInput}
        type="file"
        accept="image/*"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          // Reset so choosing the same file again still fires a change.
          event.target.value = ''
          if (files.length > 0) void sendPhotoFiles(files, 'selected', stores)
        }}
      />
      <button type="submit" className={styles.send} disabled={disabled || !text.trim()}>
        {t('direct.send')}
      </button>
    </form>
  )
}
