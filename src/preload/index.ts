// Puts `window.api` (src/preload/bridge-api.ts, over Electron's ipcRenderer) on the page.

import { contextBridge, ipcRenderer } from 'electron'
import type { Api } from '../shared/bridge-contract'
import { createBridgeApi } from './bridge-api'

export const api: Api = createBridgeApi(ipcRenderer)

contextBridge.exposeInMainWorld('api', api)
