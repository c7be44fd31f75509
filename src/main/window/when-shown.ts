// When the window is on screen. It is created hidden and shown on ready-to-show (its first
// paint), so the page's splash counts its second from then (app:window-shown).

/** The parts of a BrowserWindow this reads. */
export interface ShowableWindow {
  isDestroyed(): boolean
  isVisible(): boolean
  once(event: 'show' | 'closed', listener: () => void): unknown
}

/** Resolves once the window is on screen; a window that is gone or closes first resolves too. */
export function whenShown(window: ShowableWindow | null): Promise<void> {
  if (!window || window.isDestroyed() || window.isVisible()) return Promise.resolve()
  return new Promise((resolve) => {
    window.once('show', () => resolve())
    window.once('closed', () => resolve())
  })
}
