/**
 * GET /sandbox/files/<token>.<pdf|ofd|xml|png>: the files of an issued invoice, whose addresses the
 * issuance answer hands out (pdf, ofd, xml; png is the "QR code address"). Unsigned, like a real
 * service's download links: the token is an unguessable hash, and the sandbox listens on loopback only.
 * Generated on each request from the stored invoice, so they always show its current data.
 */
import type http from 'node:http';
import { envelopeTimestamp } from './clock.js';
import { SANDBOX_CODES, SANDBOX_MESSAGES } from './codes.js';
import type { SandboxContext } from './context.js';
import { invoiceOfd } from './documents/invoice-ofd.js';
import { invoicePdf, invoiceQrPng } from './documents/invoice-pdf.js';
import { invoiceXml } from './documents/invoice-xml.js';
import { invoiceDocument } from './output/invoice-document.js';
import { outputState } from './output/state.js';

export const FILES_PATH_PREFIX = '/sandbox/files/';

export type InvoiceFileKind = 'pdf' | 'ofd' | 'xml' | 'png';

const CONTENT_TYPES: Record<InvoiceFileKind, string> = {
  pdf: 'application/pdf',
  ofd: 'application/ofd',
  xml: 'application/xml; charset=utf-8',
  png: 'image/png',
};

const FILE_NAME = /^([0-9a-f]{32})\.(pdf|ofd|xml|png)$/;

export function fileAddress(context: Pick<SandboxContext, 'baseUrl'>, token: string, kind: InvoiceFileKind): string {
  return `${context.baseUrl()}${FILES_PATH_PREFIX}${token}.${kind}`;
}

/** True when the request is for this route (GET under the prefix); it has then been answered. */
export async function serveInvoiceFile(
  method: string,
  pathname: string,
  response: http.ServerResponse,
  context: SandboxContext,
): Promise<boolean> {
  if (method !== 'GET' || !pathname.startsWith(FILES_PATH_PREFIX)) return false;
  const match = FILE_NAME.exec(pathname.slice(FILES_PATH_PREFIX.length));
  const invoice = match ? outputState(context.db).invoices.byToken(match[1] ?? '') : undefined;
  const requestJson = invoice ? outputState(context.db).invoices.requestJson(invoice.lsh) : undefined;
  if (!match || !invoice || requestJson === undefined) {
    const body = JSON.stringify({
      status: false,
      code: SANDBOX_CODES.invoiceNotFound,
      msg: `${SANDBOX_MESSAGES[SANDBOX_CODES.invoiceNotFound]}：没有这个发票文件`,
      timestamp: envelopeTimestamp(context.now()),
      data: null,
    });
    response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
    return true;
  }
  const kind = match[2] as InvoiceFileKind;
  const document = invoiceDocument(invoice, requestJson);
  const content: Uint8Array =
    kind === 'pdf'
      ? await invoicePdf(document)
      : kind === 'ofd'
        ? await invoiceOfd(document)
        : kind === 'png'
          ? await invoiceQrPng(document)
          : Buffer.from(invoiceXml(document), 'utf8');
  response.writeHead(200, {
    'Content-Type': CONTENT_TYPES[kind],
    'Content-Length': content.byteLength,
    'Content-Disposition': `inline; filename="${invoice.fpdm ?? ''}${invoice.fphm}.${kind}"`,
  });
  response.end(content);
  return true;
}
