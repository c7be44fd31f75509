// Settings › Sensitive content: show posts their authors marked sensitive without the blur.

import type { ReactElement } from 'react'
import { useControls, useStores } from '../../store'
import { Toggle } from './Toggle'

export function SensitiveContentSection(): ReactElement {
  const { controls } = useStores()
  const on = useControls((state) => state.settings.show_sensitive_media)
  return (
    <Toggle
      label="Show sensitive media"
      hint="Photos marked sensitive by their authors show without the blur."
      checked={on}
      onChange={(checked) => void controls.getState().setSetting('show_sensitive_media', checked)}
    />
  )
}
