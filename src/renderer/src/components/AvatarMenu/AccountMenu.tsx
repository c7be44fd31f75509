// The account menu's content, loaded once the pointer or focus reaches the avatar (before the
// menu opens), so the app's start does not parse it: who you are, Profile, Settings, Moderation
// (moderators only), Clear cache, the accounts on this device and Sign out. With several accounts
// signed in, "Log out @name" leaves the current one only, and "Log out of all accounts" every one.
// A sign-out failure stays visible in the menu (docs/product.md, "Avatar menu": the server's
// message, else 'Failed to sign out').

import { useState, type ReactElement } from 'react'
import { useOutbox, useSafety, useSession, useStores } from '../../store'
import { selectAccounts, selectOwnUsername } from '../../store/session/sessionStore'
import { HOME, MODERATION, profileRoute, settingsRoute } from '../../store/router/routes'
import styles from './AvatarMenu.module.scss'
import { AccountList } from './AccountList'
import { ClearCacheItem } from './ClearCacheItem'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import { useUnsentWarning } from './unsentWarning'

export interface AccountMenuProps {
  id: string
  username: string
  fullName: string
  onClose(): void
}

export function AccountMenu({ id, username, fullName, onClose }: AccountMenuProps): ReactElement {
  const { session, router } = useStores()
  // Whether to offer the Moderation view: the moderators table says (its own row only).
  const moderator = useSafety((state) => state.moderator)
  const [error, setError] = useState<Text | null>(null)
  // Unsent actions would be wiped with the sign-out: the first click asks, the second confirms.
  const unsent = useOutbox((state) => state.items)
  // Which sign-out waits for that confirmation: this account's, or every account's.
  const [confirming, setConfirming] = useState<'one' | 'all' | false>(false)
  const several = useSession((state) => selectAccounts(state).length > 1)
  const t = useT()
  const unsentWarning = useUnsentWarning()
  const translate = useMessage()

  const openProfile = (): void => {
    onClose()
    // Opens even when the profile row could not be read (the page then shows the spec's empty
    // state), by the username chosen at sign-up.
    const username = selectOwnUsername(session.getState())
    if (username) router.getState().navigate(profileRoute(username))
  }

  const openModeration = (): void => {
    onClose()
    router.getState().navigate(MODERATION)
  }

  const openSettings = (): void => {
    onClose()
    router.getState().navigate(settingsRoute())
  }

  const signOut = async (which: 'one' | 'all', confirmed = false): Promise<void> => {
    setError(null)
    if (unsent.length > 0 && !confirmed) return setConfirming(which)
    setConfirming(false)
    try {
      if (which === 'all') await session.getState().signOutAll()
      else await session.getState().signOut()
      onClose()
      router.getState().navigate(HOME)
    } catch (caught) {
      setError(errorText(caught, phrase('messages.signOutFailed')))
    }
  }

  return (
    <div className={styles.menu} id={id} role="menu" aria-label={t('menu.account')}>
      <div className={styles.who}>
        <span className={styles.username}>{username}</span>
        {fullName && <span className={styles.fullName}>{fullName}</span>}
      </div>
      <button type="button" role="menuitem" className={styles.item} onClick={openProfile}>
        {t('menu.profile')}
      </button>
      <button type="button" role="menuitem" className={styles.item} onClick={openSettings}>
        {t('menu.settings')}
      </button>
      {moderator && (
        <button type="button" role="menuitem" className={styles.item} onClick={openModeration}>
          {t('menu.moderation')}
        </button>
      )}
      <ClearCacheItem className={styles.item} />
      <AccountList onDone={onClose} onError={setError} />
      {confirming ? (
        <div className={styles.confirm}>
          <p role="alert">{unsentWarning(unsent)}</p>
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            onClick={() => void signOut(confirming, true)}
          >
            {t('menu.signOutAnyway')}
          </button>
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            onClick={() => setConfirming(false)}
          >
            {t('menu.keepThem')}
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
            {several ? t('menu.logOutOne', { username }) : t('menu.signOut')}
          </button>
          {several && (
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              onClick={() => void signOut('all')}
            >
              {t('menu.logOutAll')}
            </button>
          )}
        </>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {translate(error)}
        </p>
      )}
    </div>
  )
}
