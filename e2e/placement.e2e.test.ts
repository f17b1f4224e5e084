import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { chooseOption } from './support/select-option';
import { logInThroughPage } from './support/session';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();
const name = 'e2e-automatic';

describe.skipIf(!inject('browserAvailable'))('automatic placement in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await logInThroughPage(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const form = () => page.getByRole('dialog').filter({ hasText: 'Create cluster' });
  const preview = () => form().getByTestId('placement-preview');

  it('previews where an automatic smart cluster runs as the user types', async () => {
    await page.goto('/clusters');
    await page.getByRole('button', { name: 'Create cluster' }).first().click();
    await form().getByLabel('Name').fill(name);
    await form().getByText('Automatic', { exact: true }).click();
    for (const city of ['Montréal', 'London', 'Tokyo']) {
      await chooseOption(page, form().getByLabel('Datacenters'), { text: city, search: city });
    }
    await page.keyboard.press('Escape');
    await expectVisible(preview().getByText(/Pick candidate datacenters and a latency/));
    // Why the minimum covers every candidate while the preview's cost is lower: one sentence.
    await expectVisible(
      form()
        .getByTestId('budget-why')
        .getByText(
          'In automatic mode the budget is the ceiling for growing into any of the candidates, so it must cover all of them, even though Meridian starts in the cheapest ones that meet the latency.',
        ),
    );

    // A target below what any choice reaches: the reason, and one click to the best there is.
    await form().getByLabel('Latency (ms)').fill('5');
    await form().getByLabel('Budget ($ per month)').fill('5000');
    const useBest = preview().getByTestId('use-best-latency');
    await expectVisible(useBest);
    await expectVisible(preview().getByText(/the best these datacenters can do is 14 ms/));
    expect(await preview().getByTestId('placement-p95').getAttribute('data-within')).toBe('false');
    await preview().scrollIntoViewIfNeeded();
    await screenshot(page, 'placement-preview-infeasible');
    await useBest.click();
    await expect(form().getByLabel('Latency (ms)').inputValue()).resolves.toBe('14');
    await useBest.waitFor({ state: 'hidden', timeout: 15_000 });
    await expectChosen(['Montréal', 'London', 'Tokyo']);

    // A looser target: Montréal, the cheapest, serves all three within 200 ms.
    await form().getByLabel('Latency (ms)').fill('200');
    await expectChosen(['Montréal']);
    expect(await preview().getByTestId('placement-p95').getAttribute('data-within')).toBe('true');
    expect(await preview().getByTestId('placement-chosen-marker').count()).toBe(1);
    expect(await preview().getByTestId('placement-candidate-marker').count()).toBe(2);
    // Whose demand it assumed: before any traffic, the candidates' cities, equally.
    await expectVisible(
      preview()
        .getByTestId('placement-demand')
        .getByText(
          'Before any traffic, Meridian assumes your users are in the 3 candidate cities, equally.',
        ),
    );
    await screenshot(page, 'placement-preview');

    // A budget below the minimum keeps the placement on screen, with the budget message.
    const minimum = (await form().getByTestId('minimum-cost').textContent())!.match(
      /\$([\d,]+\.\d\d) per month/,
    )![1]!;
    await form().getByLabel('Budget ($ per month)').fill('10');
    const short = preview().getByTestId('placement-budget-short');
    await expectVisible(
      short.getByText(`Please provide a valid budget; the minimum is $${minimum.replace(',', '')}`),
    );
    await expectVisible(short.getByText(/does not depend on the budget/));
    await page.waitForTimeout(1_000);
    await expectChosen(['Montréal']);
    await expectVisible(preview().getByTestId('placement-demand'));
    expect(await preview().getByTestId('placement-cost').getAttribute('data-within')).toBe('false');
    await preview().scrollIntoViewIfNeeded();
    await screenshot(page, 'placement-preview-budget-below-minimum');
    await form().getByLabel('Budget ($ per month)').fill('5000');
    await short.waitFor({ state: 'hidden', timeout: 15_000 });

    await form().getByRole('button', { name: 'Create', exact: true }).click();
    // The new smart cluster's monitoring password is shown once, in a dialog to close.
    await page.getByTestId('monitoring-password-created').waitFor();
    await page.getByRole('button', { name: 'I have saved it' }).click();
    const card = page
      .getByTestId('smart-cluster-card')
      .filter({ has: page.getByRole('heading', { name }) });
    await card.getByTestId('cluster-status').getByText('Created', { exact: true }).waitFor({
      timeout: 30_000,
    });
  });

  it('explains the placement in the details drawer, with its history', async () => {
    const card = page
      .getByTestId('smart-cluster-card')
      .filter({ has: page.getByRole('heading', { name }) });
    // Its title, at the card's top: the creation notice can sit over the card's middle.
    await card.getByRole('heading', { name }).click();
    const details = page.getByRole('dialog').filter({ hasText: 'Why these locations' });
    await expectVisible(details.getByTestId('placement-reason'));
    await expect(details.getByTestId('placement-reason').textContent()).resolves.toMatch(
      /^Montréal keeps 95 % of users at the picked datacenters within 200 ms/,
    );
    const history = details.getByTestId('placement-history').getByRole('listitem');
    await history.first().waitFor({ timeout: 15_000 });
    expect(await history.count()).toBe(1);
    const location = details.getByTestId('cluster-location');
    expect(await location.count()).toBe(1);
    await screenshot(page, 'placement-details');
    // An automatic smart cluster's locations give their kubeconfig as a manual one's do.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      location.getByRole('button', { name: /Download Kubeconfig/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('e2e-automatic-montreal.kubeconfig');
    await page.keyboard.press('Escape');
  });

  async function expectChosen(cities: string[]) {
    const chosen = preview().getByTestId('placement-chosen');
    await page.waitForFunction(
      ({ expected }) => {
        const element = document.querySelector('[data-testid="placement-chosen"]');
        const tags = Array.from(element?.querySelectorAll('.ant-tag') ?? [], (tag) =>
          tag.textContent?.trim(),
        );
        return tags.length === expected.length && expected.every((city) => tags.includes(city));
      },
      { expected: cities },
      { timeout: 15_000 },
    );
    await expectVisible(chosen);
  }
});

async function expectVisible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: 15_000 });
}
