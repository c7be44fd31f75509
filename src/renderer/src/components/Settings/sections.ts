// The Settings page's sections, in the order its list shows them. A feature with settings adds
// one line here: its id (the URL's `#/settings/<id>`), the list's title and the component the
// page shows on the right.

import type { ComponentType } from 'react'
import { AppearanceSection } from './AppearanceSection'
import { CloseFriendsSection } from './CloseFriendsSection'
import { CommentsSection } from './CommentsSection'
import { EditProfileSection } from './EditProfileSection'
import { MutedWordsSection } from './MutedWordsSection'
import { SensitiveContentSection } from './SensitiveContentSection'

export interface SettingsSection {
  id: string
  title: string
  component: ComponentType
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'edit-profile', title: 'Edit profile', component: EditProfileSection },
  { id: 'appearance', title: 'Appearance', component: AppearanceSection },
  { id: 'muted-words', title: 'Muted words', component: MutedWordsSection },
  { id: 'comments', title: 'Comments and likes', component: CommentsSection },
  { id: 'sensitive-content', title: 'Sensitive content', component: SensitiveContentSection },
  { id: 'close-friends', title: 'Close friends', component: CloseFriendsSection }
]

/** The section an id names; an empty or unknown id opens the first. */
export function findSection(
  id: string,
  sections: readonly SettingsSection[] = SETTINGS_SECTIONS
): SettingsSection {
  return sections.find((section) => section.id === id) ?? sections[0]
}
