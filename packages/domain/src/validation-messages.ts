/** The generic validation messages of spec "Validation rules"; server errors and console forms both read them here. */
export const validationMessages = {
  required: 'Please provide a value for this field',
  name: 'Please provide a name',
  version: 'Please provide a version',
  versionSelect: 'Please select a version',
  email: 'This is not a valid email',
  domain: 'This is not a valid domain',
  smartClusterAppDomains: 'Please enter at least one valid domain',
  apps: 'Search and/or select apps',
  deployments: 'Please select a deployment',
  datacenter: 'Please choose a datacenter',
  cluster: 'Please choose a cluster',
  templateType: 'Please provide a type for your template',
  templateFile: 'Please provide a file',
  latency: 'Please provide a valid latency',
  flavor: 'Please select the desired flavor',
  mode: 'Please choose a mode',
  datacenterCount: 'Please select at least one datacenter',
  noDatacenters: 'No datacenters are selected',
  rootDomain: 'You must choose a root domain',
  budget: 'Please provide a valid budget; the minimum is $',
  username: 'Please enter a username',
  password: 'Please enter a password',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

/** 'Please provide a valid budget; the minimum is $123.45' — the minimum always with 2 decimals. */
export function budgetMessage(minimum: number): string {
  return `${validationMessages.budget}${minimum.toFixed(2)}`;
}
