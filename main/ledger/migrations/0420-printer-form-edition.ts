import type { LedgerMigration } from './migration.js';

/**
 * The form edition of each printer's pre-printed paper (issue 21.3), chosen once with its calibration:
 * 'hx' (航信-style: 校验码 at the top left of a 007) or 'bw' (百望-style: 机器编号 there and 校验码 as the
 * first line of 备注). Printers calibrated before keep their offsets and get the common edition, 'hx'.
 */
export const printerFormEdition: LedgerMigration = {
  version: 420,
  name: 'printer-form-edition',
  desk(db) {
    db.exec(`ALTER TABLE printer_calibration ADD COLUMN form_edition TEXT NOT NULL DEFAULT 'hx' CHECK (form_edition IN ('hx', 'bw'))`);
  },
};
