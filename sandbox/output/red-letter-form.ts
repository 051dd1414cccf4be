/**
 * The red-letter information form as the query answers it (spec "Red-letter information form"): numbers
 * allocated at approval, and hzxxb built from the original invoice and the application's lines.
 */
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { DIFFERENCE_LEVY, deductionShare, lineTax, type TaxInclusiveLine } from '../../shared/rules/invoice-amounts.js';
import { DIGITAL_INVOICE_TYPES } from '../../shared/spec/codes.js';
import type { IssuanceRequest } from '../../shared/spec/issuance.js';
import type { RedLetterDetailLine, RedLetterFormWire } from '../../shared/spec/redletter.js';
import { chinaYear } from '../clock.js';
import type { OutputInvoice } from '../stores/output-invoices.js';
import type { FormNumbers, RedLetterApplication } from '../stores/red-letter-forms.js';

/**
 * xxbbh: 16 digits (yy, region 31, then the application's id), like the tax authority's form numbers;
 * xxbid: 32 hex characters, for digital-electronic originals only.
 */
export function formNumbers(original: OutputInvoice, lsh: string, id: number, at: Date): FormNumbers {
  const yy = String(chinaYear(at) % 100).padStart(2, '0');
  const digital = (DIGITAL_INVOICE_TYPES as readonly string[]).includes(original.fplxdm);
  return {
    xxbbh: `${yy}31${String(id).padStart(12, '0')}`,
    xxbid: digital ? createHash('sha256').update(`xxbid|${lsh}|${id}`).digest('hex').slice(0, 32) : null,
  };
}

/**
 * The form's lines levied as the blue lines they reverse, and the deduction (kce) they take back. A
 * red-letter line carries only the zero-rate flags (1–3), so whether it reverses a 差额征税 line is read
 * from its blue line (by xh, else by position); the form takes back that line's share of the blue kce,
 * negative like its other amounts (docs/service-interface.md open point 2). kce null: nothing to take back.
 */
export function formLevy(original: IssuanceRequest, lines: readonly RedLetterDetailLine[]): { lines: TaxInclusiveLine[]; kce: Decimal | null } {
  const levied = lines.map((line, index) => ({ je: line.je, sl: line.sl, lslbs: original.details[(line.xh ?? index + 1) - 1]?.lslbs ?? null }));
  const sum = (items: readonly TaxInclusiveLine[]) => items.filter((item) => item.lslbs === DIFFERENCE_LEVY).reduce((total, item) => total.plus(item.je), new Decimal(0));
  return { lines: levied, kce: deductionShare(original.kce, sum(original.details), sum(levied)) };
}

/** The form's data for the query: numbers always, hzxxb only when asked for (all=1). */
export function formAnswer(
  application: RedLetterApplication,
  original: OutputInvoice,
  originalRequest: IssuanceRequest,
  withContent: boolean,
): RedLetterFormWire {
  const numbers = { xxbbh: application.xxbbh ?? '', ...(application.xxbid ? { xxbid: application.xxbid } : {}) };
  if (!withContent) return numbers;
  const lines = JSON.parse(application.linesJson) as RedLetterDetailLine[];
  const levy = formLevy(originalRequest, lines);
  const joined = (...parts: (string | undefined)[]): string => parts.filter((part) => part).join(' ');
  return {
    ...numbers,
    hzxxb: {
      fplxdm: original.fplxdm,
      kplx: '1',
      // Open point 2: meaning not shown; 1 here says the lines' amounts include tax, as the sandbox's do.
      hsslbs: '1',
      xhdwsbh: originalRequest.xhdwsbh,
      xhdwmc: originalRequest.xhdwmc,
      xhdwdzdh: joined(originalRequest.xhdwdz, originalRequest.xhdwdh),
      xhdwyhzh: joined(originalRequest.xhdwyh, originalRequest.xhdwzh),
      ghdwsbh: originalRequest.ghdwsbh ?? '',
      ghdwmc: originalRequest.ghdwmc,
      ghdwdzdh: joined(originalRequest.ghdwdz, originalRequest.ghdwdh),
      ghdwyhzh: joined(originalRequest.ghdwyh, originalRequest.ghdwzh),
      hjje: Number(application.hjje),
      hjse: Number(application.hjse),
      jshj: Number(application.jshj),
      kce: levy.kce === null ? null : levy.kce.toNumber(),
      skr: originalRequest.skr ?? '',
      fhr: originalRequest.fhr ?? '',
      kpr: originalRequest.kpr,
      ...(original.fpdm === null ? {} : { yfpdm: original.fpdm }),
      yfphm: original.fphm,
      xxbbh: application.xxbbh ?? '',
      ...(application.xxbid ? { xxbid: application.xxbid } : {}),
      kpzdbs: application.kpzdbs ?? '',
      details: lines.map((line, index) => ({
        fphxz: line.fphxz,
        spmc: line.spmc,
        ggxh: line.ggxh ?? '',
        dw: line.dw ?? '',
        spsl: line.spsl ?? null,
        dj: line.dj ?? null,
        je: line.je,
        sl: line.sl,
        se: Number(lineTax(levy.lines[index]!, levy.kce)),
        spbm: line.spbm ?? '',
        yhzcbs: line.yhzcbs ?? '0',
        lslbs: line.lslbs ?? '',
        zzstsgl: line.zzstsgl ?? '',
        ...(line.xh === undefined ? {} : { xh: line.xh }),
      })),
    },
  };
}

