// Completing a mailed link (auth-links.ts) where the sessions live: main in the desktop app, the
// page in the web build. The link's session becomes an account of its own: it replaces only the
// same user's older session, and another signed-in account is switched away from, never
// overwritten. The tokens stay here; what the window gets is what happened (a DeepLink).

import { parseAuthLink, AUTH_LINK_MESSAGES, type AuthLink } from '../auth-links'
import type { DeepLink } from '../deep-links'
import type { AccountSessions } from './accounts'

export type LinkSessions = Pick<
  AccountSessions,
  | 'currentUserId'
  | 'list'
  | 'switchTo'
  | 'addAccount'
  | 'cancelAddAccount'
  | 'withClient'
  | 'setRecovering'
>

type SessionLink = Extract<AuthLink, { kind: 'session' }>

/**
 * Makes the link's user current (switching to them if they are signed in already, or starting
 * to add an account when someone else is), then signs that slot in with the link's tokens. If
 * the server refuses them, the app goes back to the account that was current.
 */
async function signInWithLink(sessions: LinkSessions, link: SessionLink): Promise<void> {
  const previous = sessions.currentUserId()
  let undo: (() => Promise<void>) | null = null
  if (previous !== link.userId) {
    if (sessions.list().some((account) => account.id === link.userId)) {
      await sessions.switchTo(link.userId)
      if (previous) undo = () => sessions.switchTo(previous)
    } else if (previous !== null) {
      await sessions.addAccount()
      undo = () => sessions.cancelAddAccount()
    }
  }
  try {
    await sessions.withClient(async (client) => {
      const { error } = await client.auth.setSession({
        access_token: link.accessToken,
        refresh_token: link.refreshToken
      })
      if (error) throw error
    })
  } catch (error) {
    await undo?.().catch(() => undefined)
    throw error
  }
  // The session store then asks for the new password, as after a recovery code.
  if (link.type === 'recovery') await sessions.setRecovering(true)
}

/** Parses and completes an instaframe://auth link; never throws. */
export async function openAuthLink(sessions: LinkSessions, raw: unknown): Promise<DeepLink> {
  const link = parseAuthLink(raw)
  if (link.kind === 'error') return { ok: false, message: link.message }
  if (link.kind === 'email-change-half') {
    return { ok: true, route: { kind: 'auth', outcome: 'email-change-half' } }
  }
  try {
    await signInWithLink(sessions, link)
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : String(error)
    return { ok: false, message: AUTH_LINK_MESSAGES.notUsable(reason) }
  }
  return { ok: true, route: { kind: 'auth', outcome: link.type } }
}
