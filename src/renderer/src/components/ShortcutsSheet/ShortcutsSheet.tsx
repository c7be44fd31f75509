// The keyboard shortcuts sheet (? or Help › Keyboard Shortcuts): every shortcut the app has,
// from the same lists the key handlers use, so the sheet cannot drift from what the keys do.

import type { ReactElement } from 'react'
import { Modal } from '../Modal/Modal'
import { SHORTCUTS, displayKey, historyShortcutsFor, type Shortcut } from '../../keyboard/shortcuts'
import { PHOTO_VIEWER_KEYS } from '../../keyboard/photoViewerKeys'
import styles from './ShortcutsSheet.module.scss'

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)

type Row = { description: string; alternatives: Shortcut['keys'][] }

/** One row per description, with its alternative key sequences ("j or ↓"). */
function rows(shortcuts: readonly Pick<Shortcut, 'keys' | 'description'>[]): Row[] {
  const byDescription = new Map<string, Shortcut['keys'][]>()
  for (const shortcut of shortcuts) {
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

function ShortcutList({ list }: { list: Row[] }): ReactElement {
  return (
    <dl className={styles.list}>
      {list.map(({ description, alternatives }) => (
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
  )
}

const viewerRows = rows(
  PHOTO_VIEWER_KEYS.map(({ key, description }) => ({ keys: [key], description }))
)

export function ShortcutsSheet({ onClose }: { onClose(): void }): ReactElement {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <ShortcutList list={rows([...SHORTCUTS, ...historyShortcutsFor(isMac)])} />
      <h3 className={styles.heading}>Photo viewer</h3>
      <ShortcutList list={viewerRows} />
      <p className={styles.note}>Shortcuts do nothing while you type in a field.</p>
    </Modal>
  )
}
