import { describe, expect, it } from 'vitest';
import {
  displayStatus,
  isInProgress,
  parseStatus,
  statusDisplay,
  statusLabel,
  statuses,
} from './status';

describe('status', () => {
  it('compares statuses lower-cased', () => {
    expect(parseStatus('SUCCESS')).toBe('success');
    expect(parseStatus('Update_Subdomains_Failure')).toBe('update_subdomains_failure');
    expect(parseStatus('done')).toBeUndefined();
    expect(parseStatus(undefined)).toBeUndefined();
  });

  it('labels and colours every status as spec "States and transitions" says', () => {
    expect(statusDisplay.success).toEqual({ label: 'Created', color: 'green' });
    expect(statusDisplay.failure).toEqual({ label: 'Failed', color: 'red' });
    expect(statusDisplay.update_subdomains_failure.color).toBe('orange');
    for (const s of ['pending', 'creating', 'updating', 'deleting'] as const) {
      expect(statusDisplay[s].color).toBe('gold');
      expect(statusDisplay[s].label).toMatch(/\.\.\.$/);
    }
    expect(Object.keys(statusDisplay).sort()).toEqual([...statuses].sort());
  });

  it('knows which statuses are in progress', () => {
    expect(statuses.filter(isInProgress)).toEqual(['pending', 'creating', 'updating', 'deleting']);
  });

  it('displays an unknown status as itself', () => {
    expect(displayStatus('CREATING').label).toBe('Creating...');
    expect(displayStatus('mystery')).toEqual({ label: 'mystery', color: 'gold' });
  });

  it('reads in French for a French reader, keeping its colour', () => {
    expect(displayStatus('FAILURE', 'fr-CA')).toEqual({ label: 'Échec', color: 'red' });
    expect(displayStatus('creating', 'fr-CA').label).toBe('Création en cours…');
    expect(statusLabel('success', 'deployment')).toBe('Deployed');
    expect(statusLabel('success', 'deployment', 'fr-CA')).toBe('Déployé');
    expect(statusLabel('success', 'smartCluster', 'fr-CA')).toBe('Créée');
    expect(statusLabel('pending', 'cluster', 'fr-CA')).toBe('En attente…');
    for (const status of statuses) {
      expect(displayStatus(status, 'fr-CA').label).not.toBe(statusDisplay[status].label);
    }
  });
});
