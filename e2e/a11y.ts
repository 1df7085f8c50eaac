import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
// Evaluated through the DevTools protocol: a <script> tag would be refused by the app's CSP.
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type SeriousViolation = { id: string; impact: string; help: string; nodes: number; where: string[] };

/**
 * Runs axe-core in the page; returns serious and critical violations. Colours are judged at rest: a
 * contrast finding is checked again (up to three times) after the page's transitions have ended,
 * since a toast may begin to fade while axe runs; a real contrast fault is there every time.
 */
export async function seriousA11yViolations(page: Page): Promise<SeriousViolation[]> {
  let found: SeriousViolation[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    found = await violationsAtRest(page);
    if (!found.some((v) => v.id === 'color-contrast')) return found;
    await page.waitForTimeout(500);
  }
  return found;
}

async function violationsAtRest(page: Page): Promise<SeriousViolation[]> {
  // Mid-transition (a drawer fading in) text is paler than it will be.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string; help: string; nodes: { html: string }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      where: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
