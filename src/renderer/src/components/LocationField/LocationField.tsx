// The "Add location" field of the create screen and of a post's edit form (docs/product.md,
// "Location"): one line of free text with a map pin, as on Instagram, and its n/100 counter
// while it holds text. Typing stops at the limit; the data layer and the database refuse a
// longer one anyway. Optional: empty means no location.

import { useId, type KeyboardEvent, type ReactElement } from 'react'
import { MapPin } from 'lucide-react'
import { MAX_LOCATION_LENGTH } from '@shared/limits'
import styles from './LocationField.module.scss'

export interface LocationFieldProps {
  value: string
  onChange(location: string): void
  disabled?: boolean
  /** Shown in the edit form, whose other fields have theirs; the create screen reads as Instagram's. */
  labelVisible?: boolean
  /** The post view stops its own keys (←/→, Escape) while one types here. */
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void
}

export function LocationField({
  value,
  onChange,
  disabled,
  labelVisible = false,
  onKeyDown
}: LocationFieldProps): ReactElement {
  const id = useId()
  const length = [...value].length
  return (
    <div className={styles.field}>
      <label className={labelVisible ? styles['label--visible'] : styles.label} htmlFor={id}>
        Location
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="text"
          placeholder="Add location"
          autoComplete="off"
          value={value}
          maxLength={MAX_LOCATION_LENGTH}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <MapPin className={styles.pin} size={18} aria-hidden />
      </div>
      {length > 0 && (
        <p className={styles.counter} data-testid="location-counter">
          {length}/{MAX_LOCATION_LENGTH}
        </p>
      )}
    </div>
  )
}
