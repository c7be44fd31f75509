// The signed-in user's menu: who you are, Profile, Settings, Moderation (moderators only), Clear
// cache, the accounts on this device (switch, Add account) and Sign out. With several accounts
// signed in, "Log out @name" leaves the current one only, and "Log out of all accounts" every one.
// A sign-out failure stays visible in the menu (docs/product.md, "Avatar menu": the server's
// message, else 'Failed to sign out').

import { Suspense, useEffect, useId, useRef, useState, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { useOutbox, useSafety, useSession, useStores } from '../../store'
import { unsentWarning } from '../../offline/outbox/actions'
import { selectAccounts, selectProfile, selectUser } from '../../store/session/sessionStore'
import { HOME, MODERATION, profileRoute, settingsRoute } from '../../store/router/routes'
import { Avatar } from '../Avatar/Avatar'
import styles from './AvatarMenu.module.scss'
import { ClearCacheItem } from './ClearCacheItem'
import { preloadable } from '../../preloadable'

// The accounts part of the menu loads once the pointer or focus reaches the avatar, before the
// menu opens: the app's start does not parse it.
const AccountList = preloadable(() => import('./AccountList').then((module) => module.AccountList))

export function AvatarMenu(): ReactElement {
  const { session, router, safety } = useStores()
  const user = useSession(selectUser)
  const profile = useSession(selectProfile)
  // Whether to offer the Moderation view: the moderators table says (its own row only).
  const moderator = useSafety((state) => state.moderator)
  const userId = user?.id
  useEffect(() => {
    if (userId) void safety.getState().checkModerator()
  }, [safety, userId])
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Unsent actions would be wiped with the sign-out: the first click asks, the second confirms.
  const unsent = useOutbox((state) => state.items)
  // Which sign-out waits for that confirmation: this account's, or every account's.
  const [confirming, setConfirming] = useState<'one' | 'all' | false>(false)
  const several = useSession((state) => selectAccounts(state).length > 1)
  const rootRef = useRef<HTMLDivElement>(null)
  const menuId = useId()

  const username =
    profile?.username ?? (user?.user_metadata.username as string | undefined) ?? user?.email ?? ''
  const fullName = profile?.full_name ?? (user?.user_metadata.full_name as string | undefined) ?? ''

  useEffect(() => {
    if (!open) return
    const onPointer = (event: MouseEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointer)
    return () => document.removeEventListener('mousedown', onPointer)
  }, [open])

  const openProfile = (): void => {
    setOpen(false)
    const username = selectProfile(session.getState())?.username
    if (username) router.getState().navigate(profileRoute(username))
  }

  const openModeration = (): void => {
    setOpen(false)
    router.getState().navigate(MODERATION)
  }

  const openSettings = (): void => {
    setOpen(false)
    router.getState().navigate(settingsRoute())
  }

  const signOut = async (which: 'one' | 'all', confirmed = false): Promise<void> => {
    setError(null)
    if (unsent.length > 0 && !confirmed) return setConfirming(which)
    setConfirming(false)
    try {
      if (which === 'all') await session.getState().signOutAll()
      else await session.getState().signOut()
      setOpen(false)
      router.getState().navigate(HOME)
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.signOutFailed))
    }
  }

  return (
    <div
      className={styles.root}
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false)
      }}
    >
      <button
        type="button"
        className={`${styles.trigger} ${open ? styles['trigger--open'] : ''}`}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={() => void AccountList.preload()}
        onFocus={() => void AccountList.preload()}
        onClick={() => {
          setConfirming(false)
          setOpen((value) => !value)
        }}
      >
        <Avatar
          src={profile?.avatar_url}
          name={username || '?'}
          personId={user?.id}
          size={28}
          decorative
        />
      </button>
      {open && (
        <div className={styles.menu} id={menuId} role="menu" aria-label="Account">
          <div className={styles.who}>
            <span className={styles.username}>{username}</span>
            {fullName && <span className={styles.fullName}>{fullName}</span>}
          </div>
          <button type="button" role="menuitem" className={styles.item} onClick={openProfile}>
            Profile
          </button>
          <button type="button" role="menuitem" className={styles.item} onClick={openSettings}>
            Settings
          </button>
          {moderator && (
            <button type="button" role="menuitem" className={styles.item} onClick={openModeration}>
              Moderation
            </button>
          )}
          <ClearCacheItem className={styles.item} />
          <Suspense fallback={null}>
            <AccountList onDone={() => setOpen(false)} onError={setError} />
          </Suspense>
          {confirming ? (
            <div className={styles.confirm}>
              <p role="alert">{unsentWarning(unsent)}</p>
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                onClick={() => void signOut(confirming, true)}
              >
                Sign out anyway
              </button>
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                onClick={() => setConfirming(false)}
              >
                Keep them
              </button>
            </div>
          ) : (
            <>
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                onClick={() => void signOut('one')}
              >
                {several ? `Log out @${username}` : 'Sign out'}
              </button>
              {several && (
                <button
                  type="button"
                  role="menuitem"
                  className={styles.item}
                  onClick={() => void signOut('all')}
                >
                  Log out of all accounts
                </button>
              )}
            </>
          )}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
