// The Settings page's sections, in the order its list shows them. A feature with settings adds
// one line here: its id (the URL's `#/settings/<id>`), the list's title and the component the
// page shows on the right.

import type { ComponentType } from 'react'
import { AppearanceSection } from './AppearanceSection'
import { BlockedSection } from './BlockedSection'
import { EditProfileSection } from './EditProfileSection'
import { MutedSection } from './MutedSection'
import { PrivacySection } from './PrivacySection'

export interface SettingsSection {
  id: string
  title: string
  component: ComponentType
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'edit-profile', title: 'Edit profile', component: EditProfileSection },
  { id: 'appearance', title: 'Appearance', component: AppearanceSection },
  { id: 'privacy', title: 'Account privacy', component: PrivacySection },
  { id: 'blocked', title: 'Blocked accounts', component: BlockedSection },
  { id: 'muted', title: 'Muted accounts', component: MutedSection }
]

/** The section an id names; an empty or unknown id opens the first. */
export function findSection(
  id: string,
  sections: readonly SettingsSection[] = SETTINGS_SECTIONS
): SettingsSection {
  return sections.find((section) => section.id === id) ?? sections[0]
}
