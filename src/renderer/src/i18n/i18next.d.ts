// Typed keys: `t('post.likes')` is checked against the English catalog, the one every other
// language must match (tests/unit/renderer/i18n-catalogs.test.ts checks that they do).

import 'i18next'
import type en from './locales/en.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en }
  }
}
