import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// Modals are lazy chunks: on a busy 2-core machine the first import of one can take longer than
// the default 1 s that findBy* waits. A wait still fails when the element never comes.
configure({ asyncUtilTimeout: 5000 })

// jsdom has no object URLs; the create-post preview only needs a string back.
if (typeof URL.createObjectURL !== 'function') {
  URL.createObjectURL = () => 'blob:preview'
  URL.revokeObjectURL = () => undefined
}
