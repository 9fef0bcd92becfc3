/** Accessibility check of the current page with axe-core (every default rule, WCAG 2.x A/AA and best practices). */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The violations on `page`, one readable line each (rule, impact, first targets); empty when clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  // The toasts come and go; they are checked on the pages that show them, not here.
  const results = await new AxeBuilder({ page }).exclude('#notistack-snackbar').analyze();
  return results.violations.map(
    (violation) =>
      `${page.url()} ${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(' | ')}`,
  );
}
