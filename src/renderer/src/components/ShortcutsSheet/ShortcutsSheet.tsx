// The keyboard shortcuts sheet (? or Help › Keyboard Shortcuts): every shortcut the app has,
// from the same list the key handler uses, so the sheet cannot drift from what the keys do.

import type { ReactElement } from 'react'
import { Modal } from '../Modal/Modal'
import { SHORTCUTS, displayKey } from '../../keyboard/shortcuts'
import styles from './ShortcutsSheet.module.scss'

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)

export function ShortcutsSheet({ onClose }: { onClose(): void }): ReactElement {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <dl className={styles.list}>
        {SHORTCUTS.map((shortcut) => (
          <div className={styles.row} key={shortcut.keys.join(' ')}>
            <dt className={styles.keys}>
              {shortcut.keys.map((key, index) => (
                <span key={index}>
                  {index > 0 && <span className={styles.then}> then </span>}
                  <kbd className={styles.key}>{displayKey(key, isMac)}</kbd>
                </span>
              ))}
            </dt>
            <dd className={styles.description}>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>Shortcuts do nothing while you type in a field.</p>
    </Modal>
  )
}
