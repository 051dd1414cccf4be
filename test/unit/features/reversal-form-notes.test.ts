/**
 * Notes on a red-letter form by key (main/features/reversal/form-notes.ts): stored in the form's text
 * column as a marked JSON object, read back as a note the renderer words; anything else in that column —
 * the service's refusal, a note an older version stored in Chinese — stays readable as data.
 */
import { describe, expect, it } from 'vitest';
import { autoIssueFailedNote, decodeFormNote, encodeFormNote } from '../../../main/features/reversal/form-notes.js';
import { toFormSummary, type RedLetterFormRow } from '../../../main/features/reversal/forms.js';
import { IpcFailure } from '../../../shared/ipc/index.js';

const row = (error_message: string | null): RedLetterFormRow =>
  ({
    id: 1,
    lsh: 'L1',
    blue_invoice_id: 2,
    fplxdm: '004',
    status: 'applying',
    sqly: '2',
    sqly_detail: null,
    chyydm: '2',
    jshj: '-113.00',
    xxbbh: null,
    xxbid: null,
    sqdh: null,
    auto_issue: 1,
    red_invoice_id: null,
    red_invoice_lsh: null,
    red_invoice_status: null,
    error_message,
    created_at: '2026-11-24T00:00:00.000Z',
    updated_at: '2026-11-24T00:00:00.000Z',
  }) as unknown as RedLetterFormRow;

describe('red-letter form notes', () => {
  it('round-trips a note and hands it to the renderer instead of text', () => {
    const stored = encodeFormNote({ key: 'retrying', detail: 'applyRedLetter: socket hang up', cause: null });
    expect(decodeFormNote(stored)).toEqual({ key: 'retrying', detail: 'applyRedLetter: socket hang up', cause: null });
    expect(toFormSummary(row(stored))).toMatchObject({ error: null, note: { key: 'retrying', detail: 'applyRedLetter: socket hang up' } });
  });

  it('keeps the code, key and params of an IpcFailure as the cause', () => {
    const note = autoIssueFailedNote(new IpcFailure('VALIDATION_FAILED', 'reversal.exceedsRemainingOf', { remaining: '0.00' }));
    expect(note).toEqual({ key: 'autoIssueFailed', detail: 'reversal.exceedsRemainingOf', cause: { code: 'VALIDATION_FAILED', key: 'reversal.exceedsRemainingOf', params: { remaining: '0.00' } } });
    expect(autoIssueFailedNote(new Error('disk I/O error'))).toEqual({ key: 'autoIssueFailed', detail: 'disk I/O error', cause: null });
  });

  it('shows an old Chinese note and a refusal of the service as data', () => {
    for (const text of ['等待重试：applyRedLetter: socket hang up', '3001 购方税号有误', '{"other":1}', '{"formNote":{"key":"unknown"}}', '{"formNote":']) {
      expect(decodeFormNote(text)).toBeNull();
      expect(toFormSummary(row(text))).toMatchObject({ error: text, note: null });
    }
    expect(toFormSummary(row(null))).toMatchObject({ error: null, note: null });
  });
});
