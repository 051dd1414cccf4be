/** Schemas of the print channels: printers, jobs, the print log, calibration and the preview pages. */
import { z } from 'zod';

export const PrintDocument = z.enum(['invoice', 'list']).describe('invoice: the face (dylx 0); list: the goods list 销货清单 (dylx 1)');
export type PrintDocument = z.infer<typeof PrintDocument>;
export const PrintMode = z.enum(['overlay', 'full']).describe('overlay: 套打 on the pre-printed form; full: the form drawn too, on plain paper');
export type PrintMode = z.infer<typeof PrintMode>;

const printerName = z.string().min(1).max(127).describe('Printer (queue) name as the system lists it');

export const PrinterInfo = z.strictObject({
  name: z.string(),
  isDefault: z.boolean(),
  state: z.enum(['idle', 'printing', 'stopped', 'unknown']),
  detail: z.string().optional(),
});

export const PrintersResult = z.strictObject({
  backend: z.string().describe('cups, electron, or none'),
  printers: z.array(PrinterInfo),
  /** The printer last used per document kind: 004, 007, list, 026, 028, 81, 82. */
  preferences: z.record(z.string(), z.string()),
});

/** Offsets in mm: −20…20 in steps of 0.1 (a clerk's ruler does not do better). */
export const OffsetMm = z
  .number()
  .min(-20)
  .max(20)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, { message: 'offset must be a multiple of 0.1 mm' });

/** The printer's form edition: hx 航信-style (校验码 top left), bw 百望-style (机器编号 top left, 校验码 in 备注). */
export const FormEditionSchema = z.enum(['hx', 'bw']);
export const Calibration = z.strictObject({ printer: printerName, downMm: OffsetMm, rightMm: OffsetMm, edition: FormEditionSchema });
export type Calibration = z.infer<typeof Calibration>;

export const PrintRequest = z.strictObject({
  invoiceIds: z.array(z.number().int().positive()).min(1).max(500).describe('Printed in invoice-number order'),
  documents: z.array(PrintDocument).min(1).max(2).describe('What to print of each invoice (the list only where it has one)'),
  printer: printerName,
  copies: z.number().int().min(1).max(20),
  mode: PrintMode,
});

export const PrintJobErrorCode = z.enum([
  'INVOICE_VOIDED',
  'NO_LIST',
  'NO_QR_CODE',
  'TEXT_TOO_LONG',
  'PRINTER_MISSING',
  'PRINTER_OFFLINE',
  'PRINTER_REFUSED',
  'SERVICE_ERROR',
  'NETWORK_ERROR',
  'BAD_RESPONSE',
  'INTERNAL',
]);
export type PrintJobErrorCode = z.infer<typeof PrintJobErrorCode>;

export const PrintJobView = z.strictObject({
  id: z.number().int(),
  invoiceId: z.number().int().nullable(),
  invoiceType: z.string(),
  invoiceCode: z.string(),
  invoiceNumber: z.string(),
  document: PrintDocument,
  printer: z.string(),
  copies: z.number().int(),
  mode: PrintMode,
  status: z.enum(['requested', 'printing', 'printed', 'failed']),
  /** The invoice status the service answered (fpzt), once known. */
  invoiceStatus: z.string().nullable(),
  errorCode: PrintJobErrorCode.nullable(),
  /** The system's or service's own words, shown under the translated message. */
  errorDetail: z.string().nullable(),
  printerJobId: z.string().nullable(),
  offset: z.strictObject({ downMm: z.string(), rightMm: z.string() }),
  retryOf: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PrintJobView = z.infer<typeof PrintJobView>;

export const PrintResultView = z.strictObject({
  jobs: z.array(PrintJobView),
  /** Where the run ended (as the last print:progress said; an event may arrive after this answer). */
  progress: z.strictObject({ done: z.number().int(), total: z.number().int() }),
});

export const RetryRequest = z.strictObject({ jobId: z.number().int().positive(), printer: printerName.optional() });

export const InvoiceRef = z.strictObject({ invoiceId: z.number().int().positive() });

export const PrintLog = z.strictObject({
  jobs: z.array(PrintJobView),
  /** Printed jobs of the invoice face beyond the first. */
  reprints: z.number().int(),
  archive: z.array(
    z.strictObject({
      id: z.number().int(),
      printer: z.string(),
      copies: z.number().int(),
      status: z.string(),
      errorCode: z.string().nullable(),
      errorDetail: z.string().nullable(),
      printerJobId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export type PrintLog = z.infer<typeof PrintLog>;

export const PreviewRequest = z.strictObject({
  invoiceId: z.number().int().positive(),
  document: PrintDocument,
  /** The printer chosen in the dialog: its form edition decides where 机器编号 and 校验码 go. */
  printer: printerName.optional(),
});

const mm = z.number();
export const PreviewItem = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('line'), layer: z.enum(['form', 'data']), x1: mm, y1: mm, x2: mm, y2: mm, widthMm: mm, form: z.boolean() }),
  z.strictObject({ kind: z.literal('cross'), layer: z.enum(['form', 'data']), x: mm, y: mm, size: mm }),
  /** The QR code: its modules as rows of '1' (dark) and '0', drawn over `size` mm from (x, y). */
  z.strictObject({ kind: z.literal('qr'), id: z.string(), layer: z.enum(['form', 'data']), x: mm, y: mm, size: mm, rows: z.array(z.string()) }),
  z.strictObject({
    kind: z.literal('text'),
    id: z.string(),
    layer: z.enum(['form', 'data']),
    form: z.boolean(),
    mono: z.boolean(),
    sizePt: z.number(),
    /** The text did not fit its box (cut here with …): printing this page is refused. */
    truncated: z.boolean(),
    lines: z.array(z.strictObject({ text: z.string(), x: mm, top: mm, widthMm: mm })),
  }),
]);
export const PreviewPage = z.strictObject({ widthMm: mm, heightMm: mm, items: z.array(PreviewItem) });
export type PreviewPage = z.infer<typeof PreviewPage>;
export const PreviewResult = z.strictObject({
  pages: z.array(PreviewPage),
  invoiceStatus: z.string(),
  hasList: z.boolean(),
  /** Why this page would be refused by a print job (NO_QR_CODE, TEXT_TOO_LONG), with the fields concerned. */
  problems: z.array(z.strictObject({ code: z.enum(['NO_QR_CODE', 'TEXT_TOO_LONG']), fields: z.array(z.string()) })),
});

export const SavePdfRequest = z.strictObject({ invoiceId: z.number().int().positive(), document: PrintDocument, mode: PrintMode });
export const SavePdfResult = z.strictObject({ path: z.string().nullable() });

export const ArchivePrintRequest = z.strictObject({ invoiceId: z.number().int().positive(), printer: printerName, copies: z.number().int().min(1).max(20) });
export const ArchivePrintResult = z.strictObject({
  id: z.number().int(),
  status: z.enum(['printed', 'failed']),
  errorCode: PrintJobErrorCode.nullable(),
  errorDetail: z.string().nullable(),
  /** The printer queue's id of the job (CUPS: "PDF-12"), null when it failed. */
  printerJobId: z.string().nullable(),
});

export const PrintProgress = z.strictObject({
  /** Invoices in the run (what the clerk selected), and those whose documents have all been handled. */
  total: z.number().int(),
  done: z.number().int(),
  /** The job that just ended. */
  job: PrintJobView,
});
