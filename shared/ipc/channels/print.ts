/** Channels of printing paper invoices (and electronic invoices' layout files) and their events. */
import { z } from 'zod';
import {
  ArchivePrintRequest,
  ArchivePrintResult,
  Calibration,
  InvoiceRef,
  PreviewRequest,
  PreviewResult,
  PrintersResult,
  PrintJobView,
  PrintLog,
  PrintProgress,
  PrintRequest,
  PrintResultView,
  RetryRequest,
  SavePdfRequest,
  SavePdfResult,
} from '../schemas/print.js';
import { empty, type ChannelSpec } from './common.js';

const printerRef = z.strictObject({ printer: z.string().min(1).max(127) });

export const printChannels = {
  /** The machine's printers and the printer last chosen per kind of document. */
  'print:printers': { request: empty, response: PrintersResult },
  /** Prints invoices (in invoice-number order): fpdy per document, then the page to the printer. */
  'print:print': { request: PrintRequest, response: PrintResultView },
  /** Repeats a failed job, on another printer when one is given. */
  'print:retry': { request: RetryRequest, response: PrintJobView },
  /** The pages exactly as they will print, the pre-printed form included (shown only in the preview). */
  'print:preview': { request: PreviewRequest, response: PreviewResult },
  /** Saves the pages as a PDF where the clerk chooses. */
  'print:savePdf': { request: SavePdfRequest, response: SavePdfResult },
  /** Every print job of one invoice, with the reprint count. */
  'print:log': { request: InvoiceRef, response: PrintLog },
  'print:calibration': { request: printerRef, response: Calibration },
  'print:calibrate': { request: Calibration, response: Calibration },
  /** Prints the calibration page (rulers and cross-hairs) on the printer, with its current offsets. */
  'print:calibrationPage': { request: printerRef, response: z.strictObject({ printerJobId: z.string() }) },
  /** Prints an electronic invoice's layout file (PDF) for the paper archive. */
  'print:archive': { request: ArchivePrintRequest, response: ArchivePrintResult },
} as const satisfies Record<string, ChannelSpec>;

export const printEvents = {
  /** A job of a multi-invoice print ended (printed or failed). */
  'print:progress': PrintProgress,
} as const;
