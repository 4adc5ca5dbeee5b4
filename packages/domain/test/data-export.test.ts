import { describe, expect, it } from 'vitest';
import {
  DATA_EXPORT_STATES,
  dataExportExpiresAt,
  isDataExportBusy,
  isDataExportDownloadable,
} from '../src/index.ts';

describe('data exports', () => {
  it('expire exactly 7 days after they are ready', () => {
    expect(dataExportExpiresAt(new Date('2026-03-01T12:00:00Z')).toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('are on their way while queued or building only', () => {
    expect(DATA_EXPORT_STATES.filter(isDataExportBusy)).toEqual(['queued', 'building']);
  });

  it('can be downloaded while ready and before their expiry, not at it', () => {
    const expiresAt = new Date('2026-03-08T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    expect(isDataExportDownloadable({ state: 'ready', expiresAt }, at('2026-03-08T11:59:59.999Z'))).toBe(
      true,
    );
    expect(isDataExportDownloadable({ state: 'ready', expiresAt }, at('2026-03-08T12:00:00Z'))).toBe(false);
    expect(isDataExportDownloadable({ state: 'ready', expiresAt: null }, at('2026-03-01T00:00:00Z'))).toBe(
      false,
    );
    for (const state of ['queued', 'building', 'failed', 'expired'] as const)
      expect(isDataExportDownloadable({ state, expiresAt }, at('2026-03-02T00:00:00Z'))).toBe(false);
  });
});
