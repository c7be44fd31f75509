// The account menu's accounts (docs/product.md, "Several accounts"): with two or more, every
// account signed in on this device in order, the current one checked, each with its
// Ctrl+Shift+number; a click switches. "Add account" signs in to another one without logging out of this one.

import type { ReactElement } from 'react'
import { MAX_SIGNED_IN_ACCOUNTS } from '@shared/limits'
import { useShallow } from 'zustand/react/shallow'
import { useSession, useStores } from '../../store'
import { selectAccounts, selectUserId } from '../../store/session/sessionStore'
import { HOME } from '../../store/router/routes'
import { accountShortcutLabel, IS_MAC } from '../../keyboard/accountShortcuts'
import { Avatar } from '../Avatar/Avatar'
import styles from './AvatarMenu.module.scss'
import { useT } from '../../i18n'
import { errorText, phrase, type Text } from '../../i18n/phrase'

interface Props {
  /** Closes the menu once an account was picked. */
  onDone(): void
  /** Shows why an account could not be switched to or added. */
  onError(message: Text): void
}

export function AccountList({ onDone, onError }: Props): ReactElement {
  const { session, ui, router } = useStores()
  const t = useT()
  const accounts = useSession(useShallow(selectAccounts))
  const currentId = useSession(selectUserId)

  const switchTo = async (userId: string): Promise<void> => {
    try {
      await session.getState().switchAccount(userId)
      onDone()
      router.getState().navigate(HOME)
    } catch (caught) {
      onError(errorText(caught, phrase('errors.accountNotSignedIn')))
    }
  }

  const addAccount = async (): Promise<void> => {
    if (accounts.length >= MAX_SIGNED_IN_ACCOUNTS) {
      return onError(phrase('errors.tooManyAccounts', { max: MAX_SIGNED_IN_ACCOUNTS }))
    }
    // The dialog opens first: closing it without signing in gives up adding (useAccountSwitching).
    ui.getState().openAuth('signin')
    try {
      await session.getState().addAccount()
      onDone()
    } catch (caught) {
      ui.getState().closeModal()
      onError(errorText(caught, phrase('messages.signInFailed')))
    }
  }

  return (
    <div role="group" aria-label={t('menu.accounts')} className={styles.accounts}>
      {/* One account is already named at the top of the menu: the list starts at two. */}
      {accounts.length > 1 &&
        accounts.map((account, index) => {
          const name = account.username ?? account.fullName ?? '?'
          const current = account.id === currentId
          return (
            <button
              key={account.id}
              type="button"
              role="menuitemradio"
              aria-checked={current}
              aria-keyshortcuts={index < 9 ? `Control+Shift+${index + 1}` : undefined}
              className={`${styles.item} ${styles.account}`}
              onClick={() => void (current ? onDone() : switchTo(account.id))}
            >
              <Avatar
                src={account.avatarUrl}
                name={name}
                personId={account.id}
                size={24}
                decorative
              />
              <span className={styles.accountName}>{name}</span>
              {index < 9 && (
                <kbd className={styles.accountKey}>{accountShortcutLabel(index, IS_MAC)}</kbd>
              )}
              <span className={styles.check} aria-hidden>
                {current ? '✓' : ''}
              </span>
            </button>
          )
        })}
      <button
        type="button"
        role="menuitem"
        className={styles.item}
        onClick={() => void addAccount()}
      >
        {t('menu.addAccount')}
      </button>
    </div>
  )
}
