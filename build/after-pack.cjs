// electron-builder afterPack hook: flips the Electron fuses a shipped app does not need, before
// electron-builder signs the binary (afterPack runs before signing, so signatures stay valid).

const path = require('node:path')
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses')

/** The Electron executable inside the packed app, per platform. */
function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context
  const productFilename = packager.appInfo.productFilename
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(appOutDir, `${productFilename}.app`)
    case 'win32':
      return path.join(appOutDir, `${productFilename}.exe`)
    default:
      return path.join(appOutDir, packager.executableName)
  }
}

/** The fuse settings; exported so a test or script can check them without packaging. */
function fuseConfig(platform, options = {}) {
  return {
    version: FuseVersion.V1,
    // Ad-hoc signatures break when the binary changes; electron-builder re-signs afterwards.
    resetAdHocDarwinSignature: platform === 'darwin',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    // Playwright's Electron driver attaches through --inspect; only a QA build keeps it.
    [FuseV1Options.EnableNodeCliInspectArguments]: options.forE2E === true,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    // Electron validates the asar header hash on macOS and Windows only; electron-builder writes
    // the hash for those platforms. On Linux the fuse would do nothing, so it is left alone.
    ...(platform === 'darwin' || platform === 'mas' || platform === 'win32'
      ? { [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true }
      : {}),
    // The renderer is served from app://instaframe (src/main/window/app-protocol.ts), never
    // from file://, so file:// pages get no more than a browser gives them.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false
  }
}

async function afterPack(context) {
  const binary = electronBinary(context)
  const forE2E = process.env.INSTAFRAME_E2E_BUILD === '1'
  if (forE2E)
    console.warn(
      '  • INSTAFRAME_E2E_BUILD=1: inspect arguments stay enabled. Do not ship this build.'
    )
  await flipFuses(binary, fuseConfig(context.electronPlatformName, { forE2E }))
  console.log(`  • flipped Electron fuses in ${binary}`)
}

module.exports = afterPack
module.exports.default = afterPack
module.exports.fuseConfig = fuseConfig
