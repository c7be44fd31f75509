// The signed-in user's menu button in the header. Its content (AccountMenu: Profile, Settings,
// the accounts on this device, Sign out…) loads once the pointer or focus reaches the avatar,
// before the menu opens, so the app's start parses only the button.

import { Suspense, useEffect, useId, useRef, useState, type ReactElement } from 'react'
import { useSession, useStores } from '../../store'
import {
  selectOwnFullName,
  selectOwnUsername,
  selectProfile,
  selectUser
} from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import styles from './AvatarMenu.module.scss'
import { preloadable } from '../../preloadable'
import { useT } from '../../i18n'

const AccountMenu = preloadable(() => import('./AccountMenu').then((module) => module.AccountMenu))

export function AvatarMenu(): ReactElement {
  const { safety } = useStores()
  const user = useSession(selectUser)
  const profile = useSession(selectProfile)
  const userId = user?.id
  // Whether to offer the Moderation view, known before the menu opens so it does not pop in.
  useEffect(() => {
    if (userId) void safety.getState().checkModerator()
  }, [safety, userId])
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const t = useT()

  const username = useSession(selectOwnUsername) ?? user?.email ?? ''
  const fullName = useSession(selectOwnFullName) ?? ''

  useEffect(() => {
    if (!open) return
    const onPointer = (event: MouseEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointer)
    return () => document.removeEventListener('mousedown', onPointer)
  }, [open])

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
        aria-label={t('menu.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={() => void AccountMenu.preload()}
        onFocus={() => void AccountMenu.preload()}
        onClick={() => setOpen((value) => !value)}
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
        <Suspense fallback={null}>
          <AccountMenu
            id={menuId}
            username={username}
            fullName={fullName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
