// Create's alt-text reminder: up while a photo has none, until "Not now" for this post. It waits
// until the post is being written (a caption) or shared, not while a photo is being framed; a
// first Share with the reminder not yet seen shows it instead, and Share again posts.

import { useRef, useState, type ReactElement, type RefObject } from 'react'
import { preferencesStore, usePreferences } from '../../preferences/usePreferences'
import { AltTextReminder } from './AltTextReminder'

export interface AltTextReminderInput {
  photos: readonly { altText: string }[]
  caption: string
  uploading: boolean
  captionRef: RefObject<HTMLTextAreaElement | null>
  /** Shows the photo at `index` (0-based) so that its alt text field is the one focused. */
  selectPhoto(index: number): void
  share(): Promise<void>
}

export interface AltTextReminderState {
  /** The alt text field, focused by the reminder's "Add". */
  altRef: RefObject<HTMLInputElement | null>
  reminder: ReactElement | false
  onShare(): void
}

export function useAltTextReminder(input: AltTextReminderInput): AltTextReminderState {
  const remindAlt = usePreferences((state) => state.altTextReminder)
  const [notNow, setNotNow] = useState(false)
  const [shareTried, setShareTried] = useState(false)
  const altRef = useRef<HTMLInputElement>(null)
  const { photos, captionRef } = input
  const withoutAlt = photos.flatMap((photo, i) => (photo.altText.trim() ? [] : [i + 1]))
  const reminding = remindAlt && !notNow && !input.uploading && withoutAlt.length > 0
  const reminderUp = reminding && (shareTried || input.caption.trim() !== '')
  const onShare = (): void => {
    if (reminding && !reminderUp) setShareTried(true)
    else void input.share()
  }
  const reminder = reminderUp && (
    <AltTextReminder
      missing={withoutAlt}
      total={photos.length}
      onAdd={() => {
        input.selectPhoto(withoutAlt[0] - 1)
        altRef.current?.focus()
      }}
      onNotNow={() => {
        setNotNow(true)
        // The button goes away: keep the keyboard in the dialog.
        captionRef.current?.focus()
      }}
      onStopReminding={() => {
        preferencesStore.getState().set('altTextReminder', false)
        captionRef.current?.focus()
      }}
    />
  )
  return { altRef, reminder, onShare }
}
