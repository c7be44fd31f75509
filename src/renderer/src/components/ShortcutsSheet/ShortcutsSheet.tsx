// The keyboard shortcuts sheet (? or Help › Keyboard Shortcuts): every shortcut the app has,
// from the same lists the key handlers use, so the sheet cannot drift from what the keys do.
// Each is described in the page's language by its action (`shell.keys.<action>`); in
// right-to-left text the photo viewer's ← moves on, so its ← and → swap descriptions.

import type { ReactElement } from 'react'
import type { TFunction } from 'i18next'
import { Modal } from '../Modal/Modal'
import { SHORTCUTS, displayKey, historyShortcutsFor, type Shortcut } from '../../keyboard/shortcuts'
import { PHOTO_VIEWER_KEYS, type PhotoViewerAction } from '../../keyboard/photoViewerKeys'
import { isRightToLeft } from '../../keyboard/readingDirection'
import { useT } from '../../i18n'
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

/** The key caps the catalog names (Strg for Ctrl on a German keyboard); letters and arrows as
 * they are. */
const CAP_NAMES = /\b(Ctrl|Alt|Enter|Escape)\b/g

function Keys({ keys }: { keys: Shortcut['keys'] }): ReactElement {
  const t = useT()
  const cap = (key: string): string =>
    displayKey(key, isMac).replace(CAP_NAMES, (name) =>
      t(`shell.keyCaps.${name as 'Ctrl' | 'Alt' | 'Enter' | 'Escape'}`)
    )
  return (
    <>
      {keys.map((key, index) => (
        <span key={index}>
          {index > 0 && <span className={styles.then}>{t('shell.then')}</span>}
          <kbd className={styles.key}>{cap(key)}</kbd>
        </span>
      ))}
    </>
  )
}

function ShortcutList({ list }: { list: Row[] }): ReactElement {
  const t = useT()
  return (
    <dl className={styles.list}>
      {list.map(({ description, alternatives }) => (
        <div className={styles.row} key={description}>
          <dt className={styles.keys}>
            {alternatives.map((keys, index) => (
              <span key={keys.join(' ')}>
                {index > 0 && <span className={styles.then}>{t('shell.or')}</span>}
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

const MIRRORED: Partial<Record<PhotoViewerAction, PhotoViewerAction>> = {
  left: 'right',
  right: 'left'
}

function viewerRows(t: TFunction, rtl: boolean): Row[] {
  return rows(
    PHOTO_VIEWER_KEYS.map(({ key, action }) => {
      const described = (rtl && MIRRORED[action]) || action
      return { keys: [key], description: t(`shell.keys.viewer-${described}`) }
    })
  )
}

export function ShortcutsSheet({ onClose }: { onClose(): void }): ReactElement {
  const t = useT()
  const appRows = rows(
    [...SHORTCUTS, ...historyShortcutsFor(isMac)].map(({ keys, action }) => ({
      keys,
      description: t(`shell.keys.${action}`)
    }))
  )
  return (
    <Modal title={t('shell.shortcuts')} onClose={onClose}>
      <ShortcutList list={appRows} />
      <h3 className={styles.heading}>{t('shell.photoViewerHeading')}</h3>
      <ShortcutList list={viewerRows(t, isRightToLeft(document.documentElement))} />
      <p className={styles.note}>{t('shell.shortcutsNote')}</p>
    </Modal>
  )
}
