// electron-builder configuration: `npm run package` (after `npm run build`).
// Installers: Windows NSIS, macOS DMG, Linux AppImage and deb. Icons derive from
// resources/icon.png (1024×1024, made by scripts/make-icons.ts).

const { extensionsInMigrations, unusedExtensionExclusions } = require('./build/pglite-files.cjs')

/**
 * Where packaged apps look for updates (electron-updater reads the app-update.yml this writes):
 * INSTAFRAME_UPDATE_URL for a generic HTTPS server holding latest*.yml and the installers, or
 * INSTAFRAME_GITHUB_REPO (owner/name) for GitHub Releases. Without either the app ships with no
 * feed and never checks.
 * @param {Record<string, string | undefined>} env
 */
function updateFeed(env) {
  if (env.INSTAFRAME_UPDATE_URL) {
    if (!env.INSTAFRAME_UPDATE_URL.startsWith('https://')) {
      throw new Error(`INSTAFRAME_UPDATE_URL must be https: ${env.INSTAFRAME_UPDATE_URL}`)
    }
    return [{ provider: 'generic', url: env.INSTAFRAME_UPDATE_URL }]
  }
  if (env.INSTAFRAME_GITHUB_REPO) {
    const [owner, repo, extra] = env.INSTAFRAME_GITHUB_REPO.split('/')
    if (!owner || !repo || extra !== undefined) {
      throw new Error(`INSTAFRAME_GITHUB_REPO must be owner/name: ${env.INSTAFRAME_GITHUB_REPO}`)
    }
    return [{ provider: 'github', owner, repo }]
  }
  return null
}

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'app.instaframe.desktop',
  productName: 'Instaframe',
  copyright: 'Copyright © 2025 Instaframe team',
  directories: {
    output: 'release/${version}',
    buildResources: 'build'
  },
  // Only the built app and its runtime dependencies, PGlite and sharp (everything else is bundled
  // into out/), with just the extension bundles the migrations create: no sources, tests or tooling.
  files: [
    'out/**/*',
    'package.json',
    '!**/*.map',
    '!**/{.eslintcache,tsconfig*.json,*.tsbuildinfo}',
    '!node_modules/@electric-sql/pglite/dist/**/*.d.{ts,cts}',
    ...unusedExtensionExclusions(extensionsInMigrations('supabase/migrations'))
  ],
  asar: true,
  // PGlite loads its WebAssembly and data bundle from disk with fs paths, which must be real
  // files for the utilityProcess; keep them outside the archive.
  asarUnpack: [
    // Worker threads start from real files (src/backend/worker-script.ts): the database engine's
    // and the password hashing pool's.
    'out/main/pglite-worker.js',
    'out/main/password-worker.js',
    'node_modules/@electric-sql/pglite/**/*.{wasm,data}',
    'node_modules/@electric-sql/pglite/dist/**/*.tar.gz',
    // sharp's native addon and the libvips library it loads cannot be read from inside an asar.
    'node_modules/sharp/**/*',
    'node_modules/@img/**/*'
  ],
  // The schema ships beside the archive: process.resourcesPath/migrations (see src/main/backend/paths.ts),
  // with config.toml beside it, where the local backend reads its settings and bucket rules.
  // The tray icon (Windows and Linux) is drawn from the app icon at run time.
  extraResources: [
    { from: 'supabase/migrations', to: 'migrations', filter: ['*.sql'] },
    { from: 'supabase/config.toml', to: 'config.toml' },
    { from: 'resources/icon.png', to: 'tray-icon.png' }
  ],
  icon: 'resources/icon.png',
  // instaframe://p/<post> and instaframe://u/<username> (src/shared/deep-links.ts): the installers
  // register the scheme (Info.plist on macOS, the registry on Windows, the .desktop file's
  // MimeType=x-scheme-handler/instaframe with Exec … %U on Linux); the app also registers itself
  // at start.
  protocols: [{ name: 'Instaframe link', schemes: ['instaframe'] }],
  afterPack: './build/after-pack.cjs',
  win: {
    target: [{ target: 'nsis', arch: ['x64', 'arm64'] }],
    icon: 'resources/icon.png'
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    artifactName: '${productName}-Setup-${version}-${arch}.${ext}',
    shortcutName: 'Instaframe',
    uninstallDisplayName: 'Instaframe'
  },
  mac: {
    target: [{ target: 'dmg', arch: ['x64', 'arm64'] }],
    category: 'public.app-category.photography',
    icon: 'resources/icon.png',
    hardenedRuntime: true,
    // Needed for V8 (JIT) under the hardened runtime; nothing else is requested.
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // Photos can be dropped on the dock icon or opened with Finder's Open With (the app's
    // `open-file` handler opens Create with them). Rank Alternate: listed, never the default.
    // macOS only: Windows and Linux would hand the paths over on the command line instead.
    extendInfo: {
      CFBundleDocumentTypes: [
        {
          CFBundleTypeName: 'Photo',
          CFBundleTypeRole: 'Viewer',
          LSHandlerRank: 'Alternate',
          LSItemContentTypes: [
            'public.jpeg',
            'public.png',
            'com.compuserve.gif',
            'org.webmproject.webp'
          ]
        }
      ]
    }
  },
  dmg: {
    artifactName: '${productName}-${version}-${arch}.${ext}'
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Graphics',
    icon: 'resources/icon.png',
    executableName: 'instaframe',
    synopsis: 'Share photos with your friends',
    maintainer: 'Instaframe team <team@instaframe.app>'
  },
  appImage: {
    artifactName: '${productName}-${version}-${arch}.${ext}'
  },
  deb: {
    // libsecret lets safeStorage keep the session encrypted (otherwise it stays in memory only).
    depends: ['libsecret-1-0']
  },
  npmRebuild: false,
  publish: updateFeed(process.env)
}
