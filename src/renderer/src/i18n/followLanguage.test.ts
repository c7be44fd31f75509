// The page tells the desktop app each language it applies, so the menus follow Settings ›
// Language; the pseudo-locale, which the menus lack, reaches them as English.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../testing/fakeApi'
import { preferencesStore } from '../preferences/usePreferences'
import { applyLanguage } from './i18n'
import { followLanguage } from './followLanguage'

describe('followLanguage', () => {
  afterEach(async () => {
    preferencesStore.getState().set('language', 'system')
    await applyLanguage('en')
  })

  it('tells the desktop menus the system’s language, then each one chosen', async () => {
    const api = fakeApi()
    api.app.getSystemLanguages = vi.fn(async () => ['de-AT'])
    const stop = await followLanguage(api)
    expect(api.app.setLanguage).toHaveBeenLastCalledWith('de')
    preferencesStore.getState().set('language', 'ar')
    await vi.waitFor(() => expect(api.app.setLanguage).toHaveBeenLastCalledWith('ar'))
    preferencesStore.getState().set('language', 'en-XA')
    await vi.waitFor(() => expect(api.app.setLanguage).toHaveBeenLastCalledWith('en'))
    stop()
  })
})
