import { describe, expect, it } from 'vitest'
import { pngFile } from '../../testing/fakes'
import { createUiStore } from './uiStore'

describe('ui store', () => {
  it('opens Create with the photos it was handed, and forgets them on close', () => {
    const ui = createUiStore()
    const files = [pngFile()]
    ui.getState().openCreate(files)
    expect(ui.getState()).toMatchObject({ modal: 'create', createFiles: files })
    ui.getState().closeModal()
    expect(ui.getState()).toMatchObject({ modal: null, createFiles: null })
  })

  it('opens the auth modal on the screen asked for, sign-in by default', () => {
    const ui = createUiStore()
    ui.getState().openAuth('signup')
    expect(ui.getState()).toMatchObject({ modal: 'auth', authMode: 'signup' })
    ui.getState().openAuth()
    expect(ui.getState().authMode).toBe('signin')
  })
})
