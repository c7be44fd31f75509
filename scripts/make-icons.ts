// Renders the app icon (resources/icon.png, 1024×1024): a rounded square with the
// Instagram-like gradient and a white camera glyph. It draws an SVG in headless Chromium, so it
// needs nothing beyond what the repo's e2e tests already use. electron-builder derives the
// .icns and .ico from this PNG. Run: npx tsx scripts/make-icons.ts

import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const SIZE = 1024
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const out = resolve('resources/icon.png')

// Corner radius ~22% of the side, the proportion of a macOS Big Sur style squircle-ish tile.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 1024 1024">
  <defs>
    <radialGradient id="bg" cx="0.28" cy="1.05" r="1.25">
      <stop offset="0" stop-color="#feda75"/>
      <stop offset="0.22" stop-color="#fa7e1e"/>
      <stop offset="0.45" stop-color="#d62976"/>
      <stop offset="0.7" stop-color="#962fbf"/>
      <stop offset="1" stop-color="#4f5bd5"/>
    </radialGradient>
  </defs>
  <rect x="32" y="32" width="960" height="960" rx="216" fill="url(#bg)"/>
  <g fill="none" stroke="#fff" stroke-width="64">
    <rect x="232" y="232" width="560" height="560" rx="160"/>
    <circle cx="512" cy="512" r="136"/>
  </g>
  <circle cx="668" cy="356" r="40" fill="#fff"/>
</svg>`

const html = `<!doctype html><html><head><style>
  html, body { margin: 0; padding: 0; background: transparent; overflow: hidden; }
  svg { display: block; }
</style></head><body>${svg}</body></html>`

const dir = mkdtempSync(join(tmpdir(), 'instaframe-icon-'))
try {
  const page = join(dir, 'icon.html')
  writeFileSync(page, html)
  writeFileSync(resolve('resources/icon.svg'), `${svg}\n`)
  execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--force-device-scale-factor=1',
      '--default-background-color=00000000',
      `--window-size=${SIZE},${SIZE}`,
      `--screenshot=${out}`,
      `file://${page}`
    ],
    { stdio: 'ignore', timeout: 60_000 }
  )
  console.log(`wrote ${out} (${statSync(out).size} bytes)`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
