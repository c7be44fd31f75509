// Settings › Archive (also "View archive" on one's profile): two tabs, the posts one archived
// and every story one shared (live and expired), both seen by oneself alone.

import { useState, type KeyboardEvent, type ReactElement } from 'react'
import { PostArchive } from './PostArchive'
import { StoryArchive } from './StoryArchive'
import { useT } from '../../i18n'
import styles from './ArchiveSection.module.scss'

const TABS = [
  { id: 'posts', label: 'archive.posts', panel: PostArchive },
  { id: 'stories', label: 'archive.stories', panel: StoryArchive }
] as const

export function ArchiveSection(): ReactElement {
  const t = useT()
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('posts')
  const Panel = TABS.find((entry) => entry.id === tab)!.panel
  // Arrow keys move between the tabs, as a tab list's keyboard pattern asks.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next = TABS[(TABS.findIndex((entry) => entry.id === tab) + 1) % TABS.length]
    setTab(next.id)
    event.currentTarget.querySelector<HTMLElement>(`#archive-tab-${next.id}`)?.focus()
  }
  return (
    <>
      <div
        className={styles.tabs}
        role="tablist"
        aria-label={t('archive.label')}
        onKeyDown={onKeyDown}
      >
        {TABS.map((entry) => (
          <button
            key={entry.id}
            id={`archive-tab-${entry.id}`}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            aria-controls="archive-panel"
            tabIndex={tab === entry.id ? 0 : -1}
            className={`${styles.tab} ${tab === entry.id ? styles['tab--active'] : ''}`}
            onClick={() => setTab(entry.id)}
          >
            {t(entry.label)}
          </button>
        ))}
      </div>
      <div id="archive-panel" role="tabpanel" aria-labelledby={`archive-tab-${tab}`}>
        <Panel />
      </div>
    </>
  )
}
