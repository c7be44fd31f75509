// The bridge's notifications domain: what the renderer reports (activity and direct messages)
// for native notifications, the badge and the tray, and what a clicked notification opens.

/** What a native notification opens when clicked. */
export type ActivityTarget =
  | { kind: 'post'; postId: string }
  | { kind: 'profile'; username: string }
  | { kind: 'direct'; threadId: string }

/** One new line of activity, worded by the renderer, for main to show as a native notification. */
export interface ActivityAlert {
  /** Stable per activity line, so main never shows the same one twice. */
  key: string
  body: string
  target: ActivityTarget
}

/** What the renderer tells main after every activity read: the badge count and anything new. */
export interface ActivityReport {
  unreadCount: number
  alerts: ActivityAlert[]
}
/** One new direct message, worded by the renderer (sender as the title, a preview as the body). */
export interface DirectAlert {
  /** The message's id: main never shows the same message twice. */
  key: string
  title: string
  body: string
  threadId: string
}

/**
 * What the renderer tells main about direct messages: the unread count (added to the badge and
 * shown in the tray), the thread on screen (a message there is not announced while the window
 * has focus) and messages that just arrived from others in accepted threads.
 */
export interface DirectReport {
  unreadCount: number
  openThreadId: string | null
  alerts: DirectAlert[]
}

/** Native notifications, the badge and the tray, fed by the renderer. */
export interface NotificationsApi {
  /** True in the desktop app, where main shows native notifications and the badge. */
  readonly native: boolean
  report(report: ActivityReport): Promise<void>
  reportDirect(report: DirectReport): Promise<void>
  /** Whether native notifications are on (the user's setting). */
  getEnabled(): Promise<boolean>
  setEnabled(enabled: boolean): Promise<void>
  /** A native notification was clicked; returns the unsubscribe function. */
  onOpen(listener: (target: ActivityTarget) => void): () => void
}
