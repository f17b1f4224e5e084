import type { Locator, Page } from 'playwright-core';

/** The option to choose: by its title (antd sets it to a text label) or by the text it shows. */
export interface OptionChoice {
  title?: string;
  text?: string | RegExp;
  /** Typed into a select that searches first, so the option needs no scrolling to be reached. */
  search?: string;
}

const attempts = 3;

/**
 * Chooses an option of an antd Select as a user would, and waits until the select shows it chosen.
 * On a loaded machine a click can land while the list still opens, or on a row of the virtual list
 * as it re-renders under the pointer: such a click is tried again, never one that already took.
 */
export async function chooseOption(page: Page, select: Locator, choice: OptionChoice) {
  const label = choice.title ?? choice.text;
  if (label === undefined) throw new Error('chooseOption needs a title or a text');
  const optionsShown = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const option = (
    choice.title ? optionsShown.and(page.locator(`[title="${choice.title}"]`)) : optionsShown
  )
    .filter(choice.text ? { hasText: choice.text } : {})
    .last();
  const chosen = select
    .locator(
      'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
    )
    // antd 6 shows a multiple select's choices as items, a single select's in its content.
    .locator('.ant-select-selection-item, .ant-select-content-has-value', { hasText: label });
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (await chosen.first().isVisible()) return;
    if (attempt > 1) console.warn(`chooseOption: attempt ${attempt} at ${String(label)}`);
    if (!(await option.isVisible())) {
      await select.click();
      if (choice.search) await select.fill(choice.search);
    }
    await option.click({ timeout: 10_000 }).catch(() => undefined);
    const took = await chosen
      .first()
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (took) return;
  }
  throw new Error(`the option ${String(label)} could not be chosen in ${attempts} attempts`);
}
