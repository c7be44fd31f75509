// The stores: built by createStores, reached by components through StoresProvider and the hooks.

export type { AppStores } from './appStores'
export { createStores, type OfflineParts } from './createStores'
export * from './hooks'
