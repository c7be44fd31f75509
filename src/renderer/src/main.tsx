import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@fontsource/grand-hotel/latin-400.css'
import './styles/global.scss'
import { App } from './App'
import { loadPlatform } from './platform'
import { createClientProvider, createServices } from './services'
import { createStores, StoresProvider } from './store'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

void loadPlatform().then(({ api, sessionClient }) => {
  const getClient = createClientProvider(api, sessionClient)
  const stores = createStores(api, createServices(getClient), getClient)
  api.app.getConfig().then(
    (config) => stores.ui.getState().setNotice(config.secretStorageWarning),
    (error: unknown) => console.error('Error loading app config', error)
  )
  createRoot(root).render(
    <StrictMode>
      <StoresProvider stores={stores}>
        <App />
      </StoresProvider>
    </StrictMode>
  )
})
