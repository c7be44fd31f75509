import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@fontsource/grand-hotel/latin-400.css'
import './styles/global.scss'
import { App } from './App'
import { CrashScreen } from './components/CrashScreen/CrashScreen'
import { loadPlatform } from './platform'
import { createClientProvider, createServices } from './services'
import { createStores, StoresProvider } from './store'
import { createConnectivityStore } from './offline/connectivityStore'
import { reportingFetch } from './offline/connectivityMonitor'
import { createOfflineCache } from './offline/cache'
import { createImageRecorder } from './offline/cache/imageRecorder'
import { startOffline } from './store/wiring/startOffline'
import { followLanguage } from './i18n'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Every data request goes through one fetch that tells the connectivity store how it went.
// The app starts online: only the backend's silence makes it offline (see startOffline).
const connectivity = createConnectivityStore()
const networkFetch: typeof fetch = (input, init) => fetch(input, init)
const dataFetch = reportingFetch(connectivity, networkFetch, { failFastWhileOffline: true })
const probeFetch = reportingFetch(connectivity, networkFetch)
const offlineCache = typeof indexedDB === 'undefined' ? null : createOfflineCache()
const imageRecorder = offlineCache ? createImageRecorder(offlineCache.images, dataFetch) : null

void loadPlatform(dataFetch).then(async ({ api, splashMs }) => {
  // The first screen is drawn in the person's language: its catalog arrives before the render.
  await followLanguage(api)
  const services = createServices(createClientProvider(api, dataFetch))
  const stores = createStores(api, services, {
    connectivity,
    cache: offlineCache,
    imageRecorder
  })
  startOffline(stores, api, probeFetch)
  api.app.getConfig().then(
    (config) => stores.ui.getState().setNotice(config.secretStorageWarning),
    (error: unknown) => console.error('Error loading app config', error)
  )
  createRoot(root).render(
    <StrictMode>
      <CrashScreen>
        <StoresProvider stores={stores}>
          <App splashMs={splashMs} />
        </StoresProvider>
      </CrashScreen>
    </StrictMode>
  )
})
