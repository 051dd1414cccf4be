import type { LedgerMigration } from './migration.js';

/**
 * Received invoices per enterprise, with a state that means what it says (issue 22.2–22.4). Additive:
 * - `enterprise`: the tax number of the enterprise the invoice came in for (the one current at intake);
 *   the 报销台账, its filters, totals and export are per enterprise, through a new index walked in the
 *   ledger's order (`received_invoice_enterprise_ledger`). Rows held before are given, in this order:
 *   the enterprise of this desk whose tax number is the invoice's buyer (GMFSBH) — the invoice was made
 *   out to it, so that is whose reimbursement it is —, else the enterprise current in that environment —
 *   an agency desk took files in for the company it was acting for, and that is the best record of it.
 *   Rows still without one (no enterprise recorded yet: the desk acts for its configured seller, which
 *   only the running app knows) are claimed by the active enterprise when intake starts (repo.claimUnassigned).
 * - `verify_state` / `verify_reason` / `verify_fields`: the last verification as one state
 *   (shared/rules/verification-state.ts), filled here from the stored code and void flag (a 0006 held
 *   before never said which field differed, so its reason is 'unspecified'), or 不可查验 for a kind the
 *   service cannot verify that extraction named in data_json.
 * - `buyer_reason`: why the clerk accepted an invoice whose buyer is not the enterprise's.
 * Nothing is dropped or rewritten; the old ledger index stays.
 */
export const receivedPerEnterprise: LedgerMigration = {
  version: 430,
  name: 'received-per-enterprise',
  desk(db) {
    db.exec(`
      ALTER TABLE received_invoice ADD COLUMN enterprise TEXT;
      ALTER TABLE received_invoice ADD COLUMN verify_state TEXT
        CHECK (verify_state IN ('consistent', 'inconsistent', 'not-found', 'voided', 'reversed', 'unverifiable', 'failed'));
      ALTER TABLE received_invoice ADD COLUMN verify_reason TEXT;
      ALTER TABLE received_invoice ADD COLUMN verify_fields TEXT;
      ALTER TABLE received_invoice ADD COLUMN buyer_reason TEXT;

      UPDATE received_invoice SET enterprise = (
        SELECT e.taxNumber FROM enterprise e WHERE e.environment = received_invoice.environment AND e.taxNumber = received_invoice.GMFSBH
      ) WHERE enterprise IS NULL;
      UPDATE received_invoice SET enterprise = (
        SELECT e.taxNumber FROM enterprise e WHERE e.environment = received_invoice.environment AND e.is_current = 1
      ) WHERE enterprise IS NULL;

      UPDATE received_invoice SET
        verify_state = CASE
          WHEN last_code = '0001' AND zfbz = 'Y' THEN 'voided'
          WHEN last_code = '0001' AND zfbz = 'H' THEN 'reversed'
          WHEN last_code = '0001' THEN 'consistent'
          WHEN last_code = '0006' THEN 'inconsistent'
          WHEN last_code = '0009' THEN 'not-found'
          WHEN last_code IN ('1015', '1020') THEN 'unverifiable'
          ELSE 'failed' END,
        verify_reason = CASE
          WHEN last_code = '0006' THEN 'unspecified'
          WHEN last_code IN ('0001', '0009') THEN NULL
          ELSE last_code END
      WHERE last_code IS NOT NULL;
      -- A kind the service cannot verify, named by extraction (data_json.unverifiable): unverifiable from the start.
      UPDATE received_invoice SET verify_state = 'unverifiable', verify_reason = json_extract(data_json, '$.unverifiable')
      WHERE verify_state IS NULL AND json_valid(data_json) AND json_extract(data_json, '$.unverifiable') IN ('railway-eticket', 'air-itinerary');

      CREATE INDEX received_invoice_enterprise_ledger ON received_invoice (environment, enterprise, id DESC);
    `);
  },
};
