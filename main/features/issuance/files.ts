/**
 * The files of an issued invoice (PDF, OFD, XML) opened from the app: downloaded once from the address
 * the service gave, checked to really be such a file (a service answering an error page with status 200
 * must not end up opened as "the invoice"), stored under the data folder, and handed to the FileOpener.
 * Downloads go over https only (plain http only to loopback, where the embedded sandbox runs), redirects
 * are followed by hand and only on the same host, and the bytes are checked by their magic numbers before
 * anything is handed to the system viewer (issue 10 point 7).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { IpcFailure, type Environment, type InvoiceFileFormat } from '../../../shared/ipc/index.js';
import type { FileOpener } from '../../ports.js';
import { serviceUrlProblem } from '../../../shared/rules/service-url.js';
import type { InvoiceFileSource } from './store.js';

export interface InvoiceFilesDeps {
  find(id: number, environment: Environment, format: InvoiceFileFormat): Promise<InvoiceFileSource | null>;
  environment: Environment;
  /** Folder the downloaded files are kept in (under the data folder). */
  dir: string;
  opener: FileOpener | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const FORMAT_NAMES: Record<InvoiceFileFormat, string> = { pdf: 'PDF', ofd: 'OFD', xml: 'XML' };

/** True when the bytes start the way a file of that format must. */
export function hasMagicBytes(format: InvoiceFileFormat, bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 64));
  if (format === 'pdf') return head.subarray(0, 5).toString('latin1') === '%PDF-';
  // OFD is a ZIP container (GB/T 33190).
  if (format === 'ofd') return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return text.startsWith('<?xml') || text.startsWith('<');
}

/** lsh is ours and safe in a file name, but a red invoice or batch may have its own prefix: never trust it blindly. */
function fileName(lsh: string, format: InvoiceFileFormat): string {
  const stem = /^[A-Za-z0-9_-]{1,80}$/.test(lsh) ? lsh : createHash('sha256').update(lsh).digest('hex').slice(0, 32);
  return `${stem}.${format}`;
}

function readIfValid(file: string, format: InvoiceFileFormat): number | null {
  try {
    const bytes = fs.readFileSync(file);
    return hasMagicBytes(format, bytes) ? bytes.length : null;
  } catch {
    return null;
  }
}

export function createInvoiceFiles(deps: InvoiceFilesDeps) {
  const doFetch = deps.fetch ?? fetch;

  /** The URL if the app may download from it (https, or http to loopback), else an IpcFailure. */
  function allowedUrl(raw: string, name: string): URL {
    const problem = serviceUrlProblem(raw);
    if (problem === 'plain-http') throw new IpcFailure('BAD_RESPONSE', 'issuance.filePlainHttp', { format: name }, { details: { problem } });
    if (problem !== null) throw new IpcFailure('BAD_RESPONSE', 'issuance.fileUrlInvalid', { format: name }, { details: { problem } });
    return new URL(raw);
  }

  async function download(rawUrl: string, format: InvoiceFileFormat): Promise<Buffer> {
    const name = FORMAT_NAMES[format];
    let url = allowedUrl(rawUrl, name);
    const host = url.host;
    let response: Response;
    for (let hop = 0; ; hop += 1) {
      try {
        // Redirects by hand: fetch's own 'follow' would go to any host and downgrade to http.
        response = await doFetch(url, { signal: AbortSignal.timeout(deps.timeoutMs ?? 30_000), redirect: 'manual' });
      } catch (error) {
        throw new IpcFailure('NETWORK_ERROR', 'issuance.fileDownloadFailed', { format: name, reason: error instanceof Error ? error.message : String(error) });
      }
      if (response.status < 300 || response.status >= 400) break;
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (location === null || hop >= MAX_REDIRECTS) throw new IpcFailure('BAD_RESPONSE', 'issuance.fileRedirects', { format: name });
      const next = allowedUrl(new URL(location, url).toString(), name);
      if (next.host !== host) throw new IpcFailure('BAD_RESPONSE', 'issuance.fileRedirectedAway', { format: name, host: next.host }, { details: { host: next.host } });
      url = next;
    }
    if (!response.ok) throw new IpcFailure('SERVICE_ERROR', 'issuance.fileHttpError', { format: name, status: response.status });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_FILE_BYTES) throw new IpcFailure('BAD_RESPONSE', 'issuance.fileTooLarge', { format: name, bytes: bytes.length });
    if (!hasMagicBytes(format, bytes)) throw new IpcFailure('BAD_RESPONSE', 'issuance.fileWrongContent', { format: name });
    return bytes;
  }

  /** The invoice's file source, refused with the clerk's reason when there is no usable file. */
  async function sourceOf(id: number, format: InvoiceFileFormat): Promise<InvoiceFileSource & { url: string }> {
    const name = FORMAT_NAMES[format];
    const source = await deps.find(id, deps.environment, format);
    if (!source) throw new IpcFailure('NOT_FOUND', 'app.invoiceNotFound', { id });
    if (source.status !== 'issued') throw new IpcFailure('VALIDATION_FAILED', 'issuance.fileNotYet', { format: name });
    if (!source.url) throw new IpcFailure('NOT_FOUND', 'issuance.fileNotOffered', { format: name });
    allowedUrl(source.url, name);
    return { ...source, url: source.url };
  }

  async function local(id: number, format: InvoiceFileFormat): Promise<{ path: string; bytes: number }> {
    const source = await sourceOf(id, format);

    const dir = path.join(deps.dir, deps.environment);
    const file = path.join(dir, fileName(source.lsh, format));
    // An issued invoice's file never changes: a valid local copy is used without asking the service again.
    let size = readIfValid(file, format);
    if (size === null) {
      const bytes = await download(source.url, format);
      fs.mkdirSync(dir, { recursive: true });
      // Write then rename, so a crash never leaves a half file that would later pass for the invoice.
      const partial = `${file}.${process.pid}.part`;
      fs.writeFileSync(partial, bytes);
      fs.renameSync(partial, file);
      size = bytes.length;
    }
    return { path: file, bytes: size };
  }

  return {
    local,
    async open(id: number, format: InvoiceFileFormat): Promise<{ path: string; bytes: number }> {
      const name = FORMAT_NAMES[format];
      await sourceOf(id, format);
      if (!deps.opener) throw new IpcFailure('VALIDATION_FAILED', 'app.noOpener');
      const { path: file, bytes: size } = await local(id, format);
      // Checked again right before the viewer gets it: the cached copy could have been replaced meanwhile.
      if (readIfValid(file, format) === null) throw new IpcFailure('BAD_RESPONSE', 'issuance.fileSavedInvalid', { format: name });
      try {
        await deps.opener.open(file);
      } catch (error) {
        throw new IpcFailure('VALIDATION_FAILED', 'issuance.fileOpenFailed', { format: name, reason: error instanceof Error ? error.message : String(error) });
      }
      return { path: file, bytes: size };
    },
  };
}

export type InvoiceFiles = ReturnType<typeof createInvoiceFiles>;
