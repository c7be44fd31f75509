// What the preload puts on `window`, typed from the one contract (never `unknown`).

import type { Api } from '../shared/bridge-contract'

declare global {
  interface Window {
    api: Api
  }
}

export {}
