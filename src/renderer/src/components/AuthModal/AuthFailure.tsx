// An auth failure as the spec says it: the server's sentence (or 'Failed to sign in' / 'Failed to
// sign up'), and the app's friendlier words under it when there are some (auth-messages.ts).

import type { ReactElement } from 'react'
import { splitHelp } from '@shared/errors'
import styles from './AuthModal.module.scss'

export function AuthFailure({ text }: { text: string }): ReactElement {
  const { message, help } = splitHelp(text)
  return (
    <div className={styles.failure} role="alert">
      <p className={styles.failureMessage}>{message}</p>
      {help && <p className={styles.failureHelp}>{help}</p>}
    </div>
  )
}
