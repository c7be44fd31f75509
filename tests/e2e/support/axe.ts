// axe-core on a screen: every violation (any impact) is printed in one compact line and attached
// to the test; serious and critical ones fail it. `axeSummary()` prints the run so far as a table
// the lead can quote.

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

export interface ScreenResult {
  screen: string
  violations: { id: string; impact: string; nodes: number; help: string }[]
}

const results: ScreenResult[] = []
const BLOCKING = new Set(['serious', 'critical'])
/** Longer than the app's fades and transitions (at most 0.4 s). */
const SETTLE_MS = 500

/**
 * Finite animations (fade-ins, modal entrance) finished; endless ones (spinners) and paused ones
 * (a story's progress bar while the user holds it) are ignored.
 */
async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { getAnimations(): AnimationLike[] } })
      .document
    interface AnimationLike {
      playState: string
      effect: { getTiming(): { iterations?: number } } | null
    }
    return doc
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .every((animation) => animation.playState === 'finished' || animation.playState === 'paused')
  })
}

function format(result: ScreenResult): string {
  if (result.violations.length === 0) return `[axe] ${result.screen}: no violations`
  const parts = result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes} node(s))`)
  return `[axe] ${result.screen}: ${parts.join('; ')}`
}

/** A script that does nothing: given as axe's source where the page already has axe-core. */
const ALREADY_INJECTED = 'void 0'

export interface CheckOptions {
  /** A CSS selector: only what it matches is checked (the rest of the page was, on its own screen). */
  include?: string
  /**
   * Only the rules a colour scheme can change (contrast, links told apart by colour): for the same
   * screen again in the other scheme, whose structure, names and roles axe has already checked.
   */
  coloursOnly?: boolean
}

/** The axe rules whose result depends on colours, the only thing a colour scheme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * axe.run in the page itself. The default (runPartial per frame, then finishRun in a blank page
 * opened for it) injects axe-core three times and opens a page per check, for cross-origin
 * iframes the app does not have. axe-core (580 KB) is sent to a document once: later checks of
 * the same document run the copy it has.
 */
async function analyze(page: Page, options: CheckOptions) {
  const injected = await page.evaluate('typeof window.axe?.run === "function"')
  const builder = injected
    ? new AxeBuilder({ page, axeSource: ALREADY_INJECTED })
    : new AxeBuilder({ page })
  if (options.include) builder.include(options.include)
  if (options.coloursOnly) builder.withRules(COLOUR_RULES)
  // Only the violations are read: passes and incomplete results list every node checked, which
  // axe builds and the page serialises for nothing (more than half of a check's CPU).
  builder.options({ resultTypes: ['violations'] })
  return builder.setLegacyMode(true).analyze()
}

export async function checkA11y(
  page: Page,
  screen: string,
  testInfo: TestInfo,
  options: CheckOptions = {}
): Promise<void> {
  await waitForAnimations(page)
  let analysis = await analyze(page, options)
  // Something that appeared after the wait (a feed card behind a dialog, fading in) is caught
  // mid-fade with blended colours. A violation counts only if it is still there once the page
  // has settled again.
  if (analysis.violations.some((violation) => BLOCKING.has(violation.impact ?? ''))) {
    await page.waitForTimeout(SETTLE_MS)
    await waitForAnimations(page)
    analysis = await analyze(page, options)
  }
  const result: ScreenResult = {
    screen,
    violations: analysis.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      nodes: violation.nodes.length,
      help: violation.help
    }))
  }
  results.push(result)
  console.log(format(result))
  await testInfo.attach(`axe-${screen}`, {
    body: JSON.stringify(analysis.violations, null, 2),
    contentType: 'application/json'
  })
  const blocking = analysis.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => ({
        target: node.target.join(' '),
        why: node.failureSummary?.split('\n').slice(1).join(' ').trim()
      }))
    }))
  expect(blocking, `serious/critical axe violations on ${screen}`).toEqual([])
}

/**
 * The screen as it is in light (every rule), then in dark (the colour rules: nothing else differs
 * between the schemes), as `{screen} (light)` and `{screen} (dark)`; the page is left in light.
 */
export async function checkA11yBothThemes(
  page: Page,
  screen: string,
  testInfo: TestInfo,
  options: Omit<CheckOptions, 'coloursOnly'> = {}
): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
  await checkA11y(page, `${screen} (light)`, testInfo, options)
  await page.emulateMedia({ colorScheme: 'dark' })
  await checkA11y(page, `${screen} (dark)`, testInfo, { ...options, coloursOnly: true })
  await page.emulateMedia({ colorScheme: 'light' })
}

export function axeSummary(): string {
  const lines = ['[axe] summary (all impacts):']
  for (const result of results) {
    const detail =
      result.violations.length === 0
        ? 'none'
        : result.violations.map((v) => `${v.id}/${v.impact}×${v.nodes}`).join(', ')
    lines.push(`  ${result.screen.padEnd(32)} ${detail}`)
  }
  const byRule = new Map<string, { impact: string; nodes: number; screens: number }>()
  for (const result of results) {
    for (const v of result.violations) {
      const entry = byRule.get(v.id) ?? { impact: v.impact, nodes: 0, screens: 0 }
      entry.nodes += v.nodes
      entry.screens += 1
      byRule.set(v.id, entry)
    }
  }
  lines.push(`  by rule: ${byRule.size === 0 ? 'no violations on any screen' : ''}`)
  for (const [id, entry] of byRule) {
    lines.push(`    ${id} (${entry.impact}): ${entry.nodes} node(s) on ${entry.screens} screen(s)`)
  }
  return lines.join('\n')
}
