// The Settings page's sections, in the order its list shows them. A feature with settings adds
// one line here: its id (the URL's `#/settings/<id>`), the list's title and the component the
// page shows on the right.

import type { ComponentType } from 'react'
import { AccountSection } from './AccountSection'
import { AccessibilitySection } from './AccessibilitySection'
import { AppearanceSection } from './AppearanceSection'
import { BlockedSection } from './BlockedSection'
import { CloseFriendsSection } from './CloseFriendsSection'
import { CommentsSection } from './CommentsSection'
import { EditProfileSection } from './EditProfileSection'
import { FollowedTagsSection } from './FollowedTagsSection'
import { MutedSection } from './MutedSection'
import { MutedWordsSection } from './MutedWordsSection'
import { PrivacySection } from './PrivacySection'
import { SecuritySection } from './SecuritySection'
import { SensitiveContentSection } from './SensitiveContentSection'
import { YourInformationSection } from '../YourInformation/YourInformationSection'
import { ArchiveSection } from '../ArchiveSection/ArchiveSection'

export interface SettingsSection {
  id: string
  title: string
  component: ComponentType
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'edit-profile', title: 'Edit profile', component: EditProfileSection },
  { id: 'appearance', title: 'Appearance', component: AppearanceSection },
  { id: 'accessibility', title: 'Accessibility', component: AccessibilitySection },
  { id: 'privacy', title: 'Account privacy', component: PrivacySection },
  { id: 'close-friends', title: 'Close friends', component: CloseFriendsSection },
  { id: 'archive', title: 'Archive', component: ArchiveSection },
  { id: 'blocked', title: 'Blocked accounts', component: BlockedSection },
  { id: 'muted', title: 'Muted accounts', component: MutedSection },
  { id: 'muted-words', title: 'Muted words', component: MutedWordsSection },
  { id: 'followed-hashtags', title: 'Followed hashtags', component: FollowedTagsSection },
  { id: 'comments', title: 'Comments and likes', component: CommentsSection },
  { id: 'sensitive-content', title: 'Sensitive content', component: SensitiveContentSection },
  { id: 'security', title: 'Security', component: SecuritySection },
  { id: 'your-information', title: 'Your information', component: YourInformationSection },
  { id: 'account', title: 'Account', component: AccountSection }
]

/** The section an id names; an empty or unknown id opens the first. */
export function findSection(
  id: string,
  sections: readonly SettingsSection[] = SETTINGS_SECTIONS
): SettingsSection {
  return sections.find((section) => section.id === id) ?? sections[0]
}
