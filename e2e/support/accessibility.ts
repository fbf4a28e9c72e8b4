import axe from 'axe-core';
import type { Page } from 'playwright-core';

type Axe = typeof axe;

/**
 * Left out: the page builder's (Puck's) own canvas spinner, a span named with aria-label but no role
 * that stays in the page, faded out, once the preview is ready; it is Puck's markup, not ours.
 */
const NOT_OURS = ['[class*="PuckCanvas-loader"]'];

/**
 * What axe finds against WCAG 2 A and AA on the page as it stands, serious and critical only, as
 * "rule: element" lines (none when it meets them). Injected through the debugger, so the studio's
 * Content-Security-Policy stays as it is.
 */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (exclude) => {
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(
      { exclude },
      {
        runOnly: ['wcag2a', 'wcag2aa'],
        resultTypes: ['violations'],
      },
    );
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  }, NOT_OURS);
}

/**
 * `axeProblems` once the page has settled: a page still loading (a preview frame not titled yet)
 * is asked again, for up to five seconds, until it has none; what it still has then is answered.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  let problems = await axeProblems(page);
  for (let tries = 0; problems.length > 0 && tries < 20; tries++) {
    await page.waitForTimeout(250);
    problems = await axeProblems(page);
  }
  return problems;
}
