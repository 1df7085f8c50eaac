import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const axePath = require.resolve('axe-core/axe.min.js');

/** Runs axe-core in the page; returns serious and critical violations. */
export async function seriousA11yViolations(
  page: Page,
): Promise<{ id: string; impact: string; help: string; nodes: number; where: string[] }[]> {
  await page.addScriptTag({ path: axePath });
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
