import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, vi } from 'vitest'
import { readPreferences } from '../../../src/renderer/src/preferences/preferences'
import { preferencesStore } from '../../../src/renderer/src/preferences/usePreferences'

afterEach(() => cleanup())

// Modals are lazy chunks: on a busy 2-core machine the first import of one can take longer than
// the default 1 s that findBy* waits. A wait still fails when the element never comes.
configure({ asyncUtilTimeout: 5000 })

// jsdom has no object URLs; the create-post preview only needs a string back.
if (typeof URL.createObjectURL !== 'function') {
  URL.createObjectURL = () => 'blob:preview'
  URL.revokeObjectURL = () => undefined
}

// The jsdom project runs its files one after another in one process and one window per worker
// (vitest.config.mts, isolate: false): what a file leaves in the window, the storage, the
// document or the app's one preferences store, the next file would start from. Each file ends by
// putting them back as a fresh window has them. (This file runs again before every test file.)
const rootAttributes = [...document.documentElement.attributes].map(({ name, value }) => ({
  name,
  value
}))
afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
  sessionStorage.clear()
  preferencesStore.setState(readPreferences(null))
  const root = document.documentElement
  for (const { name } of [...root.attributes]) root.removeAttribute(name)
  for (const { name, value } of rootAttributes) root.setAttribute(name, value)
  document.body.replaceChildren()
  document.body.removeAttribute('style')
  document.body.removeAttribute('class')
  if (location.hash) history.replaceState(null, '', location.pathname)
})
