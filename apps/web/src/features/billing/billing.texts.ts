import { defineTexts } from '../../shared/i18n/translate';
import { frCA } from './billing.texts.fr-CA';

/** The billing page's texts. They load with the feature, not with the console's first page. */
export const t = defineTexts(
  {
    // Pages.
    'billing.title': 'Billing',
    'billing.budget.title': 'Monthly budget',
    'billing.budget.budget': 'Budget',
    'billing.budget.none': 'Not set',
    'billing.budget.spent': 'Spent this month',
    'billing.budget.forecast': 'Forecast for the month',
    'billing.budget.thresholds': 'Alert at',
    'billing.budget.progress': 'Share of the budget spent',
    'billing.budget.amount': 'Monthly budget',
    'billing.budget.save': 'Save budget',
    'billing.budget.saved': 'Budget saved.',
    'billing.budget.failed': 'The budget was not saved',
    'billing.intro': 'Usage of your resources, their hourly rates and totals, in CAD.',
    'billing.empty': 'No usage yet',
    'billing.emptyHint': 'Usage appears here once your first cluster is running.',
    'billing.fetchFailed': 'Something went wrong when fetching billing info.',
    'billing.month': 'Month',
    'billing.table': 'Usage in {month}',
    'billing.column.name': 'Name',
    'billing.column.description': 'Description',
    'billing.column.type': 'Type',
    'billing.column.region': 'Project region',
    'billing.column.quantity': 'Quantity',
    'billing.column.unit': 'Unit',
    'billing.column.uptime': 'Uptime',
    'billing.column.rate': 'Rate per hour',
    'billing.column.total': 'Total',
    'billing.type.cluster': 'Cluster',
    'billing.type.stack': 'Heat stack',
    'billing.unit.hour': 'node-hour',
    'billing.subtotal': 'Subtotal (this page)',
    'billing.total': 'Total',
    'billing.chart.title': 'Cost per day',
    'billing.chart.label':
      'Cost per day in {month}, CAD: {total} in all, highest {highest} on {day}.',
    'billing.chart.empty': 'Cost per day in {month}: nothing billed.',
    'billing.chart.day': '{day}: {total}',
  },
  frCA,
);
