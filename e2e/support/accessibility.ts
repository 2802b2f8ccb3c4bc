import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/*
 * Accessibility scans with axe-core, the engine behind Lighthouse's and Chrome's own audits.
 * A scan checks the screen as it is at that moment, so a test scans once the screen shows
 * what a customer reads (its heading and its answer), never while it is still loading.
 */

/** WCAG 2.0 and 2.1, levels A and AA: what the site promises, and what the law asks for. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** One line per problem: the rule, how bad, and where (the elements' selectors). */
function describeViolation(violation: Violation): string {
  const targets = violation.nodes.map((node) => node.target.join(' > ')).join(', ');
  return `${violation.id} (${violation.impact ?? 'impact unknown'}): ${violation.help} at ${targets}`;
}

/**
 * Scans the whole page against WCAG 2.1 A and AA and fails listing every violation; `screen`
 * names the page in the failure ("Spanish order form").
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags([...WCAG_21_AA]).analyze();
  expect(
    results.violations.map(describeViolation),
    `accessibility violations on the ${screen}`,
  ).toEqual([]);
}
