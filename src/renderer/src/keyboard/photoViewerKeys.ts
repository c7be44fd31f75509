// The photo viewer's keys, as data: `f` opens it from the post view, the rest work inside it.
// One list feeds the post view's and the viewer's key handlers and the shortcuts sheet, so the
// sheet cannot drift from what the keys do. They are not in SHORTCUTS: those are the window's,
// and switched off while a dialog (the post view, the viewer) has the keys.

export type PhotoViewerAction =
  'open' | 'close' | 'zoom-in' | 'zoom-out' | 'zoom-reset' | 'left' | 'right' | 'up' | 'down'

export interface PhotoViewerKey {
  key: string
  action: PhotoViewerAction
  description: string
}

export const PHOTO_VIEWER_KEYS: readonly PhotoViewerKey[] = [
  { key: 'f', action: 'open', description: 'View the open post’s photo full screen' },
  { key: '+', action: 'zoom-in', description: 'Zoom in' },
  { key: '=', action: 'zoom-in', description: 'Zoom in' },
  { key: '-', action: 'zoom-out', description: 'Zoom out' },
  { key: '0', action: 'zoom-reset', description: 'Fit the photo to the window' },
  {
    key: 'ArrowLeft',
    action: 'left',
    description: 'Previous photo or post (pans while zoomed)'
  },
  { key: 'ArrowRight', action: 'right', description: 'Next photo or post (pans while zoomed)' },
  { key: 'ArrowUp', action: 'up', description: 'Pan while zoomed' },
  { key: 'ArrowDown', action: 'down', description: 'Pan while zoomed' },
  { key: 'Escape', action: 'close', description: 'Close the photo viewer' }
]

/** The action for a key press, or null; chords (Ctrl, Cmd, Alt) are never the viewer's. */
export function photoViewerAction(event: {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}): PhotoViewerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  return PHOTO_VIEWER_KEYS.find((entry) => entry.key === event.key)?.action ?? null
}
