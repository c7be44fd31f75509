// Settings › Accessibility (docs/product.md): motion, contrast, text size and autoplay of
// animated photos follow the system until set here; the alt-text reminder can be turned off. Choices apply at once and are kept on
// this install (src/renderer/src/preferences).

import { useId, type ReactElement } from 'react'
import type { Preferences } from '../../preferences/preferences'
import { preferencesStore, usePreferences } from '../../preferences/usePreferences'
import type { ParseKeys } from 'i18next'
import { useT } from '../../i18n'
import styles from './SettingsSection.module.scss'

type Choice<K extends keyof Preferences> = { value: Preferences[K]; label: ParseKeys }

const MOTION: Choice<'motion'>[] = [
  { value: 'system', label: 'settings.accessibility.sameAsSystem' },
  { value: 'reduce', label: 'settings.accessibility.reduceMotion' },
  { value: 'full', label: 'settings.accessibility.allowMotion' }
]
const CONTRAST: Choice<'contrast'>[] = [
  { value: 'system', label: 'settings.accessibility.sameAsSystem' },
  { value: 'more', label: 'settings.accessibility.moreContrast' },
  { value: 'standard', label: 'settings.accessibility.standard' }
]
const AUTOPLAY: Choice<'autoplay'>[] = [
  { value: 'system', label: 'settings.accessibility.sameAsSystem' },
  { value: 'on', label: 'settings.accessibility.on' },
  { value: 'off', label: 'settings.accessibility.off' }
]
const TEXT_SIZE: Choice<'textSize'>[] = [
  { value: 'default', label: 'settings.accessibility.default' },
  { value: 'large', label: 'settings.accessibility.large' },
  { value: 'larger', label: 'settings.accessibility.larger' }
]

/** A setting's row: its title and hint, labelling the control on the right. */
function SettingRow({
  title,
  hint,
  control
}: {
  title: string
  hint: string
  control: (id: string) => ReactElement
}): ReactElement {
  const id = useId()
  return (
    <div className={styles.row}>
      <div className={styles.grow}>
        <label htmlFor={id}>
          <strong>{title}</strong>
        </label>
        <div className={styles.muted}>{hint}</div>
      </div>
      {control(id)}
    </div>
  )
}

function ChoiceRow<K extends 'motion' | 'contrast' | 'textSize' | 'autoplay'>({
  setting,
  title,
  hint,
  choices
}: {
  setting: K
  title: string
  hint: string
  choices: Choice<K>[]
}): ReactElement {
  const value = usePreferences((state) => state[setting])
  const t = useT()
  return (
    <SettingRow
      title={title}
      hint={hint}
      control={(id) => (
        <select
          id={id}
          className={styles.select}
          value={value}
          onChange={(event) =>
            preferencesStore.getState().set(setting, event.target.value as Preferences[K])
          }
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {t(choice.label)}
            </option>
          ))}
        </select>
      )}
    />
  )
}

function SwitchRow({
  setting,
  title,
  hint
}: {
  setting: 'altTextReminder'
  title: string
  hint: string
}): ReactElement {
  const on = usePreferences((state) => state[setting])
  return (
    <SettingRow
      title={title}
      hint={hint}
      control={(id) => (
        <input
          id={id}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={on}
          onChange={(event) => preferencesStore.getState().set(setting, event.target.checked)}
        />
      )}
    />
  )
}

export function AccessibilitySection(): ReactElement {
  const t = useT()
  return (
    <>
      <p className={styles.intro}>{t('settings.accessibility.intro')}</p>
      <ChoiceRow
        setting="motion"
        title={t('settings.accessibility.motion')}
        hint={t('settings.accessibility.motionHint')}
        choices={MOTION}
      />
      <ChoiceRow
        setting="contrast"
        title={t('settings.accessibility.contrast')}
        hint={t('settings.accessibility.contrastHint')}
        choices={CONTRAST}
      />
      <ChoiceRow
        setting="textSize"
        title={t('settings.accessibility.textSize')}
        hint={t('settings.accessibility.textSizeHint')}
        choices={TEXT_SIZE}
      />
      <ChoiceRow
        setting="autoplay"
        title={t('settings.accessibility.autoplay')}
        hint={t('settings.accessibility.autoplayHint')}
        choices={AUTOPLAY}
      />
      <SwitchRow
        setting="altTextReminder"
        title={t('settings.accessibility.altTextReminder')}
        hint={t('settings.accessibility.altTextReminderHint')}
      />
    </>
  )
}
