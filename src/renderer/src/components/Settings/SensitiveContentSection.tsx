// Settings › Sensitive content: show posts their authors marked sensitive without the blur.

import type { ReactElement } from 'react'
import { useControls, useStores } from '../../store'
import { Toggle } from './Toggle'
import { useT } from '../../i18n'

export function SensitiveContentSection(): ReactElement {
  const { controls } = useStores()
  const on = useControls((state) => state.settings.show_sensitive_media)
  const t = useT()
  return (
    <Toggle
      label={t('settings.sensitive.show')}
      hint={t('settings.sensitive.hint')}
      checked={on}
      onChange={(checked) => void controls.getState().setSetting('show_sensitive_media', checked)}
    />
  )
}
