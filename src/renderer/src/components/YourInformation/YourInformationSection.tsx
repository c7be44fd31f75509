// Settings › Your information: take everything out as a zip, or bring posts in from Instagram.

import type { ReactElement } from 'react'
import { ExportInformation } from './ExportInformation'
import { ImportFromInstagram } from './ImportFromInstagram'

export function YourInformationSection(): ReactElement {
  return (
    <>
      <ExportInformation />
      <ImportFromInstagram />
    </>
  )
}
