import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';

const require = createRequire(__filename);
const axePath = require.resolve('axe-core/axe.min.js');

/** Runs axe-core in the page; returns serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; impact: string; help: string; nodes: number }[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string; help: string; nodes: unknown[] }[] }> } }).axe.run(document);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
