// The Following feed's "You're all caught up" (docs/product.md, "Feed"), right after the last
// post of the past 3 days the reader had not seen: a checkmark circle, suggested posts from
// Explore's ranking (the same visit, and so the same rules, as the Explore page), and "Older
// posts" over the followed posts below, as the network words it.

import { useEffect, type ReactElement } from 'react'
import { CircleCheck } from 'lucide-react'
import { EXPLORE_PAGE_SIZE } from '@shared/limits'
import { useExplore, useStores } from '../../store'
import { EXPLORE } from '../../store/router/routes'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { useT } from '../../i18n'
import styles from './CaughtUp.module.scss'

export function CaughtUp({ olderBelow }: { olderBelow: boolean }): ReactElement {
  const { explore, router } = useStores()
  const ids = useExplore((state) => state.ids)
  const status = useExplore((state) => state.status)
  const t = useT()
  useEffect(() => {
    void explore.getState().open()
  }, [explore])
  const shown = ids.slice(0, EXPLORE_PAGE_SIZE)

  return (
    <section className={styles.caughtUp} aria-labelledby="caught-up-title">
      <div className={styles.marker}>
        <span className={styles.check}>
          <CircleCheck size={72} strokeWidth={1} aria-hidden />
        </span>
        <h2 id="caught-up-title" className={styles.title}>
          {t('caughtUp.title')}
        </h2>
        <p className={styles.text}>{t('caughtUp.text')}</p>
      </div>
      {(shown.length > 0 || status === 'loading' || status === 'idle') && (
        <>
          <h3 className={styles.suggested}>{t('caughtUp.suggested')}</h3>
          <ProfileGrid ids={shown} loading={shown.length === 0} label={t('caughtUp.suggested')} />
          <button
            type="button"
            className={styles.more}
            onClick={() => router.getState().navigate(EXPLORE)}
          >
            {t('caughtUp.more')}
          </button>
        </>
      )}
      {olderBelow && <h3 className={styles.older}>{t('caughtUp.older')}</h3>}
    </section>
  )
}
