// Filters and adjustments for the photo being previewed (docs/product.md, "Create a post").
// The swatches are a quick CSS likeness of each filter; the preview beside them is
// the exact look, painted as it will be posted.

import { useId, useState, type ReactElement } from 'react'
import {
  ADJUSTMENTS,
  canvasFilter,
  FILTERS,
  lookOf,
  NO_ADJUSTMENTS,
  type Adjustments,
  type PhotoEdit
} from '../../../imaging/edits'
import type { DraftPhoto } from '../useDraftPhotos'
import styles from './PhotoEditor.module.scss'
import { useT } from '../../../i18n'

export interface EditPanelProps {
  photo: DraftPhoto
  onEdit(edit: PhotoEdit): void
  disabled: boolean
}

type Tab = 'filters' | 'adjustments'

export function EditPanel({ photo, onEdit, disabled }: EditPanelProps): ReactElement {
  const [tab, setTab] = useState<Tab>('filters')
  const t = useT()
  const id = useId()
  const { edit } = photo
  const setAdjustment = (key: keyof Adjustments, value: number): void =>
    onEdit({ ...edit, adjustments: { ...edit.adjustments, [key]: value } })

  return (
    <section className={styles.panel} aria-label={t('create.edit.label')}>
      <div className={styles.tabs} role="tablist" aria-label={t('create.edit.label')}>
        {(['filters', 'adjustments'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}`}
            className={styles.tab}
            onClick={() => setTab(name)}
          >
            {t(name === 'filters' ? 'create.edit.filters' : 'create.edit.adjustments')}
          </button>
        ))}
      </div>
      {tab === 'filters' ? (
        <div
          id={`${id}-filters`}
          role="tabpanel"
          aria-labelledby={`${id}-filters-tab`}
          className={styles.filters}
        >
          {FILTERS.map((filter) => (
            <button
              key={filter.id}
              type="button"
              className={styles.filter}
              aria-pressed={edit.filter === filter.id}
              disabled={disabled}
              onClick={() => onEdit({ ...edit, filter: filter.id })}
            >
              <img
                src={photo.url}
                alt=""
                style={{
                  filter: canvasFilter(lookOf({ filter: filter.id, adjustments: NO_ADJUSTMENTS }))
                }}
              />
              <span>{filter.label}</span>
            </button>
          ))}
        </div>
      ) : (
        <div
          id={`${id}-adjustments`}
          role="tabpanel"
          aria-labelledby={`${id}-adjustments-tab`}
          className={styles.adjustments}
        >
          {ADJUSTMENTS.map((adjustment) => {
            const value = edit.adjustments[adjustment.id]
            return (
              <div key={adjustment.id} className={styles.adjustment}>
                <label htmlFor={`${id}-${adjustment.id}`}>
                  {t(`create.edit.adjust.${adjustment.id}`)}
                </label>
                <output htmlFor={`${id}-${adjustment.id}`}>{value}</output>
                {value !== 0 && (
                  <button
                    type="button"
                    className={styles.reset}
                    disabled={disabled}
                    aria-label={t(`create.edit.resetAdjust.${adjustment.id}`)}
                    onClick={() => setAdjustment(adjustment.id, 0)}
                  >
                    {t('create.edit.reset')}
                  </button>
                )}
                <input
                  id={`${id}-${adjustment.id}`}
                  type="range"
                  min={adjustment.min}
                  max={100}
                  step={1}
                  value={value}
                  disabled={disabled}
                  onChange={(event) => setAdjustment(adjustment.id, Number(event.target.value))}
                />
              </div>
            )
          })}
        </div>
      )}
    </section>
  )
}
