import { describe, expect, it } from 'vitest';
import { parseSmartClusterRef } from './nameservers-page';

describe('parseSmartClusterRef', () => {
  it('splits id and name at the first &', () => {
    expect(parseSmartClusterRef('sc-1&edge & core')).toEqual({
      smartClusterId: 'sc-1',
      smartClusterName: 'edge & core',
    });
    expect(parseSmartClusterRef('sc-1')).toEqual({
      smartClusterId: 'sc-1',
      smartClusterName: 'sc-1',
    });
    expect(parseSmartClusterRef(undefined)).toBeNull();
  });
});
