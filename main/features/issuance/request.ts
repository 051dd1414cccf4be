/**
 * Turns the clerk's draft into the service's issuance request (spec: "Issuance request" and "Issuance
 * detail line"), computing every amount in decimals, and checks the result against the shared wire
 * schema so nothing the service would refuse is ever queued.
 */
import { z } from 'zod';
import type { InvoiceDraft } from '../../../shared/ipc/index.js';
import { lineAmounts, totals, type Totals } from '../../../shared/rules/money.js';
import { IssuanceRequest } from '../../../shared/spec/issuance.js';

export interface Seller {
  taxNumber: string;
  name: string;
}

export interface StoredLine {
  spmc: string;
  spbm: string;
  spsl: string;
  dj: string;
  je: string;
  sl: string;
  se: string;
}

/** A request ready to be stored and queued, with the amounts the history shows. */
export interface PreparedIssuance {
  request: IssuanceRequest;
  totals: Totals;
  lines: StoredLine[];
}

export type BuildResult =
  | ({ ok: true } & PreparedIssuance)
  | { ok: false; message: string; details: unknown };

export function buildIssuanceRequest(draft: InvoiceDraft, context: { lsh: string; seller: Seller }): BuildResult {
  const lines: StoredLine[] = draft.lines.map((line) => {
    const amounts = lineAmounts(line);
    return {
      spmc: line.name,
      spbm: line.taxCode,
      spsl: line.quantity,
      dj: line.unitPrice,
      je: amounts.amount,
      sl: line.rate,
      se: amounts.tax,
    };
  });
  const sum = totals(draft.lines);
  // Decimal fields travel as JSON numbers (the spec types them Decimal); every value here has at most
  // 2 (amounts) or 8 (quantity, price) decimals, which a double carries exactly enough to print back.
  const candidate = {
    lsh: context.lsh,
    tspz: '00',
    isAuto: 1,
    fplxdm: draft.invoiceType,
    ghdwmc: draft.buyerName,
    ...(draft.buyerTaxNumber ? { ghdwsbh: draft.buyerTaxNumber } : {}),
    xhdwsbh: context.seller.taxNumber,
    xhdwmc: context.seller.name,
    kpr: draft.issuer,
    ...(draft.remark ? { bz: draft.remark } : {}),
    jshj: Number(sum.total),
    details: lines.map((line, index) => ({
      mxbh: String(index + 1),
      fphxz: 0,
      spmc: line.spmc,
      spbm: line.spbm,
      spsl: Number(line.spsl),
      dj: Number(line.dj),
      je: Number(line.je),
      sl: Number(line.sl),
    })),
  };
  const parsed = IssuanceRequest.safeParse(candidate);
  if (!parsed.success) {
    const message = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('；');
    return { ok: false, message: `发票内容不符合开票接口要求：${message}`, details: z.flattenError(parsed.error) };
  }
  return { ok: true, request: parsed.data, totals: sum, lines };
}
