// Headless Chromium for checks that need a real canvas and image codecs (jsdom has neither),
// with the renderer's pipeline code bundled into the page as `globalThis.pipeline`.

import { resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { build, type Rollup } from 'vite'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run'
]

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true
  })
}

const bundles = new Map<string, Promise<string>>()

/**
 * A renderer module as one classic script that assigns its exports to the global `name`
 * (for a worker module, which sets `self.onmessage`, the script is the worker). Built once.
 */
export function rendererBundle(module: string, name: string): Promise<string> {
  const known = bundles.get(module)
  if (known) return known
  const bundled = build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@shared': resolve(__dirname, '../../../src/shared') } },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: resolve(__dirname, '../../../src/renderer/src', module),
        formats: ['iife'],
        name
      }
    }
  }).then((output) => {
    const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[]
    const chunk = outputs.flatMap((o) => o.output).find((item) => item.type === 'chunk')
    if (!chunk || chunk.type !== 'chunk') throw new Error(`${module} bundle produced no code`)
    return chunk.code
  })
  bundles.set(module, bundled)
  return bundled
}

/** The pipeline as one classic script (globalThis.pipeline.makeRenditions). */
export function pipelineBundle(): Promise<string> {
  return rendererBundle('imaging/renditions.ts', 'pipeline')
}

/** A blank page with the pipeline loaded. */
export async function pipelinePage(browser: Browser): Promise<Page> {
  const page = await browser.newPage()
  await page.setContent('<!doctype html><title>pipeline</title>')
  // tsx compiles with keepNames, which wraps functions passed to page.evaluate in __name().
  await page.addScriptTag({ content: 'globalThis.__name = (fn) => fn' })
  await page.addScriptTag({ content: await pipelineBundle() })
  return page
}
