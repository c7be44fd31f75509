// The keyboard shortcuts sheet (? or Help › Keyboard Shortcuts): every shortcut the app has,
// from the same list the key handler uses, so the sheet cannot drift from what the keys do.

import type { ReactElement } from 'react'
import { Modal } from '../Modal/Modal'
import { SHORTCUTS, displayKey, historyShortcutsFor, type Shortcut } from '../../keyboard/shortcuts'
import styles from './ShortcutsSheet.module.scss'

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)

/** One row per description, with its alternative key sequences ("j or ↓"). */
function rows(): { description: string; alternatives: Shortcut['keys'][] }[] {
  const byDescription = new Map<string, Shortcut['keys'][]>()
  for (const shortcut of [...SHORTCUTS, ...historyShortcutsFor(isMac)]) {
    byDescription.set(shortcut.description, [
      ...(byDescription.get(shortcut.description) ?? []),
      shortcut.keys
    ])
  }
  return [...byDescription].map(([description, alternatives]) => ({ description, alternatives }))
}

function Keys({ keys }: { keys: Shortcut['keys'] }): ReactElement {
  return (
    <>
      {keys.map((key, index) => (
        <span key={index}>
          {index > 0 && <span className={styles.then}> then </span>}
          <kbd className={styles.key}>{displayKey(key, isMac)}</kbd>
        </span>
      ))}
    </>
  )
}

export function ShortcutsSheet({ onClose }: { onClose(): void }): ReactElement {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <dl className={styles.list}>
        {rows().map(({ description, alternatives }) => (
          <div className={styles.row} key={description}>
            <dt className={styles.keys}>
              {alternatives.map((keys, index) => (
                <span key={keys.join(' ')}>
                  {index > 0 && <span className={styles.then}> or </span>}
                  <Keys keys={keys} />
                </span>
              ))}
            </dt>
            <dd className={styles.description}>{description}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>Shortcuts do nothing while you type in a field.</p>
    </Modal>
  )
}
