// Settings › Accessibility (docs/product.md): motion, contrast, text size and autoplay of
// animated photos follow the system until set here; the alt-text reminder can be turned off. Choices apply at once and are kept on
// this install (src/renderer/src/preferences).

import { useId, type ReactElement } from 'react'
import type { Preferences } from '../../preferences/preferences'
import { preferencesStore, usePreferences } from '../../preferences/usePreferences'
import styles from './SettingsSection.module.scss'

type Choice<K extends keyof Preferences> = { value: Preferences[K]; label: string }

const MOTION: Choice<'motion'>[] = [
  { value: 'system', label: 'Same as system' },
  { value: 'reduce', label: 'Reduce motion' },
  { value: 'full', label: 'Allow motion' }
]
const CONTRAST: Choice<'contrast'>[] = [
  { value: 'system', label: 'Same as system' },
  { value: 'more', label: 'More contrast' },
  { value: 'standard', label: 'Standard' }
]
const AUTOPLAY: Choice<'autoplay'>[] = [
  { value: 'system', label: 'Same as system' },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' }
]
const TEXT_SIZE: Choice<'textSize'>[] = [
  { value: 'default', label: 'Default' },
  { value: 'large', label: 'Large' },
  { value: 'larger', label: 'Larger' }
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
              {choice.label}
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
  return (
    <>
      <p className={styles.intro}>
        Motion, contrast, text size and autoplay follow your computer&apos;s settings unless you
        choose here. Your choices are kept on this computer.
      </p>
      <ChoiceRow
        setting="motion"
        title="Motion"
        hint="Reduce motion turns off the heart burst, smooth scrolling and stories moving on by themselves."
        choices={MOTION}
      />
      <ChoiceRow
        setting="contrast"
        title="Contrast"
        hint="More contrast makes text, secondary text and borders stronger."
        choices={CONTRAST}
      />
      <ChoiceRow
        setting="textSize"
        title="Text size"
        hint="Makes text larger everywhere in the app. Zoom in and out still works as before."
        choices={TEXT_SIZE}
      />
      <ChoiceRow
        setting="autoplay"
        title="Autoplay animated images"
        hint="Off shows GIFs and other animated photos still, with a button to play them. Same as system turns it off when your computer asks for reduced motion."
        choices={AUTOPLAY}
      />
      <SwitchRow
        setting="altTextReminder"
        title="Remind me to add alt text"
        hint="Before you share a photo without a description, ask whether to add one."
      />
    </>
  )
}
