import type { BillingUsage, BillingUsageLine } from '@meridian/domain/billing/billing-usage';
import { monthOf } from '@meridian/domain/billing/usage-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { BillingPage } from './billing-page';
import { monthOptions } from './billing-rules';

const line = (index: number, extra: Partial<BillingUsageLine> = {}): BillingUsageLine => ({
  id: `line-${index}`,
  name: `prod-${index}`,
  description: `Smart cluster ${index}`,
  type: 'cluster',
  project_region: 'Montréal',
  quantity: 3,
  unit: 'hour',
  uptime: 19_800,
  rate: 0.085,
  total: 1.4,
  ...extra,
});

function report(month: string, entities: BillingUsageLine[]): BillingUsage {
  const total = Math.round(entities.reduce((sum, l) => sum + l.total, 0) * 100) / 100;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const days = Array.from({ length }, (_, index) => ({
    day: `${month}-${String(index + 1).padStart(2, '0')}`,
    total: index === 4 ? total : 0,
  }));
  return { month, currency: 'CAD', entities, total, days };
}

const current = monthOf(new Date());
// Eleven clusters in Montréal and one Heat stack in Toronto: two pages of ten.
const lines = [
  ...Array.from({ length: 11 }, (_, index) => line(index + 1)),
  line(12, {
    name: 'vm-app v1',
    description: 'Heat stack of vm-app (v1), small',
    type: 'stack',
    project_region: 'Toronto',
    quantity: 1,
    uptime: 93_784,
    rate: 0.089,
    total: 2.32,
  }),
];

function mockApi({ fail = false } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/billing/budget' && !fail) {
      return jsonResponse({
        monthly_cad: 500,
        thresholds: [50, 80, 100],
        month: current,
        spent_cad: 120,
        forecast_cad: 372.5,
        reached: [],
      });
    }
    if (url.pathname !== '/billing/usage') return jsonResponse({ message: 'not found' }, 404);
    if (fail) return jsonResponse({ message: 'boom' }, 500);
    const month = url.searchParams.get('month') ?? current;
    return jsonResponse(report(month, month === current ? lines : [line(99, { total: 7.5 })]));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return renderRoutes([{ path: '/billing', element: <BillingPage /> }], {
    initialEntries: ['/billing'],
  });
}

describe('BillingPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('shows the current month, paginated at the top, with page subtotal and total in CAD', async () => {
    const fetchMock = mockApi();
    renderPage();
    const table = await screen.findByRole('table');
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain(
      `/billing/usage?month=${current}`,
    );
    // The month's budget, spent and forecast above the table.
    expect(await screen.findByText('$372.50 CAD')).toBeTruthy();
    expect(screen.getByText('$500.00 CAD')).toBeTruthy();
    const row = within(table).getByText('prod-1').closest('tr')!;
    expect(within(row).getByText('05h 30m')).toBeTruthy();
    expect(within(row).getByText('$0.085')).toBeTruthy();
    expect(within(row).getByText('$1.40')).toBeTruthy();
    expect(within(row).getByText('node-hour')).toBeTruthy();
    // Ten lines shown: the subtotal is theirs, the total the month's.
    expect(screen.getByTestId('billing-subtotal').textContent).toBe('$14.00');
    expect(screen.getByTestId('billing-total').textContent).toBe('$17.72');
    // The pager sits above the table.
    const pager = document.querySelector('.ant-pagination')!;
    expect(pager.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const u = userEvent.setup();
    await u.click(screen.getByTitle('2'));
    const stackRow = (await screen.findByText('vm-app v1')).closest('tr')!;
    expect(within(stackRow).getByText('01d 02h')).toBeTruthy();
    expect(within(stackRow).getByText('Heat stack')).toBeTruthy();
    expect(screen.getByTestId('billing-subtotal').textContent).toBe('$3.72');
    expect(screen.getByTestId('billing-total').textContent).toBe('$17.72');
  });

  it('filters by type and by region', async () => {
    mockApi();
    renderPage();
    await screen.findByRole('table');
    const u = userEvent.setup();
    const typeHeader = screen.getByRole('columnheader', { name: /Type/ });
    await u.click(within(typeHeader).getByRole('button'));
    await u.click(await screen.findByRole('menuitem', { name: /Heat stack/ }));
    await u.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('prod-1')).toBeNull());
    expect(screen.getByText('vm-app v1')).toBeTruthy();
    expect(screen.getByTestId('billing-subtotal').textContent).toBe('$2.32');

    await u.click(within(typeHeader).getByRole('button'));
    await u.click(await screen.findByRole('button', { name: 'Reset' }));
    const regionHeader = screen.getByRole('columnheader', { name: /Project region/ });
    await u.click(within(regionHeader).getByRole('button'));
    const menus = await screen.findAllByRole('menuitem', { name: /Toronto/ });
    await u.click(menus.at(-1)!);
    const okButtons = screen.getAllByRole('button', { name: 'OK' });
    await u.click(okButtons.at(-1)!);
    await waitFor(() => expect(screen.queryByText('prod-1')).toBeNull());
    expect(screen.getByText('vm-app v1')).toBeTruthy();
  });

  it('draws the cost per day and lets an earlier month be chosen', async () => {
    const fetchMock = mockApi();
    renderPage();
    const chart = await screen.findByRole('img', { name: /Cost per day in .*\$17\.72 in all/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(
      document.querySelectorAll('[data-day]').length,
    );
    expect(chart.querySelector('[data-day$="-05"]')?.getAttribute('data-total')).toBe('17.72');

    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Month' }));
    // Earlier months are offered after the current one.
    const [, previous] = monthOptions(new Date());
    await u.click(await screen.findByTitle(previous!.label));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url) === `/billing/usage?month=${previous!.value}`,
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('prod-99')).toBeTruthy();
    expect(screen.getByTestId('billing-total').textContent).toBe('$7.50');
  });

  it('says so when billing info cannot be fetched', async () => {
    mockApi({ fail: true });
    renderPage();
    expect(
      (await screen.findAllByText('Something went wrong when fetching billing info.')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
