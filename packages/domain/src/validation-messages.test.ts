import { describe, expect, it } from 'vitest';
import { budgetMessage, validationMessages } from './validation-messages';

describe('validation messages', () => {
  it('holds the spec "Validation rules" wording', () => {
    expect(validationMessages.required).toBe('Please provide a value for this field');
    expect(validationMessages.datacenterCount).toBe('Please select at least one datacenter');
    expect(validationMessages.rootDomain).toBe('You must choose a root domain');
  });

  it('appends the minimum budget with 2 decimals', () => {
    expect(budgetMessage(1533.0021)).toBe('Please provide a valid budget; the minimum is $1533.00');
    expect(budgetMessage(7)).toBe('Please provide a valid budget; the minimum is $7.00');
  });
});
