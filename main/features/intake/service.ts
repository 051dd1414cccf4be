/**
 * The intake queue (收票): every way in — drop, paste, pick, scan folder, scanner — lands here, one file
 * at a time in arrival order: local extraction first (no service call), recognition only when that is
 * incomplete, then the file is kept (a copy under the data folder, so the original is one click away)
 * and its invoice saved as a received invoice. The same file (SHA-256) is never saved twice; the same
 * invoice key in another file is saved with a link to the first and flagged 重复 — never silently.
 * A bad file gets its code on its queue item; the rest of the batch goes on. A saved invoice belongs to
 * the enterprise current when it came in; one made out to another buyer is flagged (accepted only with a
 * reason), and one of a kind the service cannot verify is marked 不可查验 at once.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EXTRACTION_ERRORS, MAX_FILE_BYTES, sniffFileKind, type ExtractionOutcome } from '../../../extraction/index.js';
import type { ServiceClient } from '../../api/client.js';
import { ServiceError } from '../../api/errors.js';
import type { IntakeItem } from '../../../shared/ipc/channels/intake.js';
import { INTAKE_FIELDS, invoiceKey, type IntakeFields } from '../../../shared/rules/intake-fields.js';
import { UNVERIFIED, unverifiableFrom } from '../../../shared/rules/verification-state.js';
import { escapeHiddenCharacters } from '../../../shared/rules/visible-name.js';
import type { ExtractionPool } from './extraction-pool.js';
import { completeWithRecognition, type RecognisedExtraction } from './recognition.js';
import type { Environment } from '../../../shared/ipc/index.js';
import { DuplicateReceivedError, fieldsOf, stateOf, type NewReceived, type ReceivedInvoiceStore, type ReceivedRow } from './store.js';

const FILE_TYPES = { png: 'png', jpeg: 'jpg', pdf: 'pdf', zip: 'ofd', xml: 'xml' } as const;
/** Folders dropped are walked this deep and this far, no further. */
const MAX_DEPTH = 4;
const MAX_FILES_PER_ADD = 1000;

export interface QueueDeps {
  /** The ledger's received store (never inside a transaction: each save is one write). */
  received: ReceivedInvoiceStore;
  environment: Environment;
  /** Where files are read: worker threads, off main's event loop. */
  pool: Pick<ExtractionPool, 'size' | 'extract' | 'prepare'>;
  dataDir: string;
  client: () => Pick<ServiceClient, 'recognise'>;
  emit: (item: IntakeItem) => void;
  /** The enterprise the desk acts for now: files coming in are its. */
  enterprise: () => { taxNumber: string; name: string };
  /** A received invoice was saved (the change feed announces it). */
  saved?: (receivedId: number, enterprise: string) => void;
}

export type IntakeOrigin = IntakeItem['origin'];

const EXTRACTION_CODES = new Set<string>(Object.values(EXTRACTION_ERRORS));
const isExtractionCode = (code: string) => EXTRACTION_CODES.has(code);

/** A kept name as shown: rows taken in before names were escaped get it here. */
export const shownName = (name: string | null): string | null => (name === null ? null : escapeHiddenCharacters(name));

function blankItem(id: string, fileName: string, origin: IntakeOrigin): IntakeItem {
  return {
    id, fileName, origin, status: 'reading', receivedId: null, fileType: null, fields: {}, sources: {}, names: {}, complete: false, recognised: false, rotation: 0, error: null, duplicate: null,
    verification: UNVERIFIED, enterprise: null, buyerMismatch: null,
  };
}

/**
 * The flag of an invoice made out to a buyer other than the enterprise it came in for (not reimbursable
 * there as it is); `active` names that enterprise when it is the one the desk acts for now.
 */
export function buyerMismatchOf(buyer: string | null | undefined, row: Pick<ReceivedRow, 'enterprise' | 'buyer_reason'>, active: { taxNumber: string; name: string }): IntakeItem['buyerMismatch'] {
  if (!buyer || !row.enterprise || buyer === row.enterprise) return null;
  return { expected: row.enterprise, expectedName: row.enterprise === active.taxNumber ? active.name : null, found: buyer, reason: row.buyer_reason };
}

/** A queue item for a saved received invoice (after a restart, or when it is reviewed from the ledger). */
export function itemOfRow(row: ReceivedRow, active: { taxNumber: string; name: string }, id = `r${row.id}`): IntakeItem {
  const sources = JSON.parse(row.sources_json || '{}') as IntakeItem['sources'];
  const fields = fieldsOf(row);
  return {
    ...blankItem(id, escapeHiddenCharacters(row.file_name ?? ''), (row.origin as IntakeOrigin | null) ?? 'pick'),
    status: row.status === 'recognised' ? 'ready' : row.status === 'reviewed' ? 'accepted' : 'verified',
    receivedId: row.id,
    fileType: row.file_type,
    fields,
    sources,
    names: { ...(row.xhfmc ? { xhfmc: row.xhfmc } : {}), ...(row.gmfmc ? { gmfmc: row.gmfmc } : {}) },
    complete: true,
    duplicate: row.duplicate_of === null ? null : { of: row.duplicate_of, fileName: null, reason: 'invoice' },
    verification: stateOf(row),
    enterprise: row.enterprise,
    buyerMismatch: buyerMismatchOf(row.gmfsbh, row, active),
  };
}

export function createIntakeQueue(deps: QueueDeps) {
  const items = new Map<string, IntakeItem>();
  let counter = 0;
  let chain: Promise<void> = Promise.resolve();
  const filesDir = path.join(deps.dataDir, 'intake', 'files');

  const publish = (item: IntakeItem) => {
    items.set(item.id, item);
    deps.emit(structuredClone(item));
  };

  /** A file read and extracted (phase 1, in parallel on the pool), waiting for its turn to be saved. */
  type Reading =
    | { kind: 'failed'; code: string; detail?: string }
    | { kind: 'same-file'; row: ReceivedRow }
    | { kind: 'read'; bytes: Uint8Array; hash: string; outcome: ExtractionOutcome & { extraction?: RecognisedExtraction }; recognitionError?: string; worthRecognising: boolean };

  async function read(item: IntakeItem, load: () => Promise<Uint8Array>): Promise<Reading> {
    let bytes: Uint8Array;
    try {
      bytes = await load();
    } catch (error) {
      return { kind: 'failed', code: error instanceof RangeError ? 'too-large' : 'unreadable', detail: error instanceof Error ? error.message : String(error) };
    }
    if (bytes.length > MAX_FILE_BYTES) return { kind: 'failed', code: 'too-large' };
    const hash = createHash('sha256').update(bytes).digest('hex');
    // A file saved before is not read again (nor sent to recognition).
    const same = await deps.received.byHash(deps.environment, hash);
    if (same) return { kind: 'same-file', row: same };
    const extracted = await deps.pool.extract(bytes);
    if (!extracted.ok && !isExtractionCode(extracted.error.code)) return { kind: 'failed', code: extracted.error.code, detail: extracted.error.message };
    let outcome = extracted as ExtractionOutcome & { extraction?: RecognisedExtraction };
    let recognitionError: string | undefined;
    const worthRecognising = outcome.ok ? !outcome.extraction.complete : outcome.error.code === 'no-invoice';
    if (worthRecognising) {
      publish({ ...item, status: 'recognising', recognised: true, ...(outcome.ok ? { fields: outcome.extraction.fields, sources: outcome.extraction.sources } : {}) });
      try {
        outcome = await completeWithRecognition(deps.client(), bytes, outcome, (picture) => deps.pool.prepare(picture));
      } catch (error) {
        // Recognition answering "nothing found" is a reading like any other; unreachable is not. Either
        // way what was read locally stays and the clerk types the rest.
        recognitionError = error instanceof ServiceError ? undefined : error instanceof Error ? error.name : 'Error';
      }
    }
    return { kind: 'read', bytes, hash, outcome, worthRecognising, ...(recognitionError === undefined ? {} : { recognitionError }) };
  }

  const sameFile = (item: IntakeItem, same: ReceivedRow) =>
    publish({ ...item, status: 'duplicate', fileType: same.file_type, fields: fieldsOf(same), duplicate: { of: same.id, fileName: shownName(same.file_name), reason: 'file' } });

  /**
   * Stores the row linked to the first saved with its key. On a team ledger another desk may store the same
   * file or invoice between our read and our write: the ledger refuses ours (DuplicateReceivedError) and
   * it is stored again as a duplicate of theirs, or answered as the same file — never counted twice.
   */
  async function insertReceived(row: Omit<NewReceived, 'duplicateOf'>): Promise<{ id: number; first: ReceivedRow | undefined } | { sameFile: ReceivedRow }> {
    const firstOf = async () => (row.invoiceKey ? await deps.received.firstByKey(deps.environment, row.invoiceKey) : undefined);
    const first = await firstOf();
    try {
      return { id: await deps.received.insert(deps.environment, { ...row, duplicateOf: first?.id ?? null }), first };
    } catch (error) {
      if (!(error instanceof DuplicateReceivedError)) throw error;
      const theirs = error.reason === 'file' ? await deps.received.byHash(deps.environment, row.fileHash) : undefined;
      if (theirs) return { sameFile: theirs };
      const raced = await firstOf();
      if (!raced) throw error;
      return { id: await deps.received.insert(deps.environment, { ...row, duplicateOf: raced.id }), first: raced };
    }
  }

  /** Phase 2, one file at a time in arrival order: duplicates are decided against everything saved before. */
  async function save(item: IntakeItem, reading: Reading): Promise<void> {
    const fail = (code: string, detail?: string) => publish({ ...item, status: 'failed', error: detail === undefined ? { code } : { code, detail } });
    if (reading.kind === 'failed') return fail(reading.code, reading.detail);
    const same = reading.kind === 'same-file' ? reading.row : await deps.received.byHash(deps.environment, reading.hash);
    if (same) return sameFile(item, same);
    if (reading.kind !== 'read') return;
    const { bytes, hash, outcome, recognitionError, worthRecognising } = reading;
    const kind = sniffFileKind(bytes);
    // A photo neither the QR reader nor recognition could read is still an invoice the clerk holds: it is
    // kept for typing (flagged no-invoice), not dropped. Other files without an invoice are refused.
    const photo = kind === 'png' || kind === 'jpeg';
    if (!outcome.ok && !(photo && outcome.error.code === 'no-invoice')) return fail(outcome.error.code, outcome.error.message);
    const extraction: RecognisedExtraction = outcome.ok
      ? outcome.extraction
      : { fileType: kind === 'png' ? 'png' : 'jpg', fields: {}, sources: {}, names: {}, family: undefined, complete: false, qrTexts: [], rotation: 0 };
    const unread = !extraction.fields.fphm && !extraction.fields.fpdm;
    if (unread && !photo) return fail('no-invoice');
    const fileType = kind ? FILE_TYPES[kind] : extraction.fileType;
    fs.mkdirSync(filesDir, { recursive: true });
    const storedPath = path.join(filesDir, `${hash}.${fileType}`);
    fs.writeFileSync(storedPath, bytes);
    const key = invoiceKey(extraction.fields) ?? null;
    const sources = Object.fromEntries(Object.entries(extraction.sources)) as Record<string, string>;
    const mainSource = extraction.sources.fphm ?? Object.values(extraction.sources)[0] ?? 'ocr';
    const enterprise = deps.enterprise();
    const state = unverifiableFrom(extraction.unverifiable) ?? UNVERIFIED;
    const stored = await insertReceived({
      fileHash: hash, fileName: item.fileName, fileType, source: mainSource, fields: extraction.fields, sources, names: extraction.names,
      data: { recognised: extraction.recognised ?? null, qrTexts: extraction.qrTexts, family: extraction.family ?? null, unverifiable: extraction.unverifiable ?? null },
      invoiceKey: key, storedPath, origin: item.origin, fplxdm: extraction.recognised?.[0]?.FPLXDM ?? null, enterprise: enterprise.taxNumber, state,
    });
    if ('sameFile' in stored) return sameFile(item, stored.sameFile);
    const { id: receivedId, first } = stored;
    deps.saved?.(receivedId, enterprise.taxNumber);
    publish({
      ...item,
      recognised: worthRecognising,
      status: first ? 'duplicate' : 'ready',
      receivedId,
      fileType,
      fields: extraction.fields,
      sources: extraction.sources,
      names: extraction.names,
      complete: extraction.complete,
      ...(extraction.unverifiable ? { unverifiable: extraction.unverifiable } : {}),
      rotation: extraction.rotation,
      error: recognitionError ? { code: 'recognition-failed', detail: recognitionError } : unread ? { code: 'no-invoice' } : null,
      duplicate: first ? { of: first.id, fileName: shownName(first.file_name), reason: 'invoice' } : null,
      verification: state,
      enterprise: enterprise.taxNumber,
      buyerMismatch: buyerMismatchOf(extraction.fields.gmfsbh, { enterprise: enterprise.taxNumber, buyer_reason: null }, enterprise),
    });
  }

  /**
   * Files are read `concurrency` at a time (one more than the pool's threads, so a thread never waits for
   * main to hand it the next file) and saved in arrival order. A slot is held until its file is saved, so
   * at most `concurrency` files' bytes are in memory however long the queue.
   */
  const concurrency = deps.pool.size + 1;
  let running = 0;
  const slotWaiters: Array<() => void> = [];
  const acquire = () => (running < concurrency ? (running++, Promise.resolve()) : new Promise<void>((resolve) => slotWaiters.push(resolve)));
  const release = () => {
    const next = slotWaiters.shift();
    if (next) next();
    else running--;
  };

  function enqueue(fileName: string, origin: IntakeOrigin, load: () => Promise<Uint8Array>): void {
    // A name that hides or reorders characters (invoice\u202Egnp.exe shows as "invoiceexe.png") is kept and
    // shown with them written out (shared/rules/visible-name.ts), everywhere it appears from here on.
    const item = blankItem(`q${++counter}`, escapeHiddenCharacters(fileName), origin);
    publish(item);
    const turn = chain;
    let saved!: () => void;
    chain = new Promise<void>((resolve) => (saved = resolve));
    void acquire()
      .then(async () => {
        let reading: Reading;
        try {
          reading = await read(item, load);
        } catch (error) {
          console.error('[intake] file failed', error);
          reading = { kind: 'failed', code: 'internal' };
        }
        await turn;
        try {
          await save(item, reading);
        } catch (error) {
          console.error('[intake] file failed', error);
          publish({ ...item, status: 'failed', error: { code: 'internal' } });
        }
      })
      .finally(() => {
        release();
        saved();
      });
  }

  function readFileChecked(filePath: string): () => Promise<Uint8Array> {
    return async () => {
      const stat = await fs.promises.stat(filePath);
      if (stat.size > MAX_FILE_BYTES) throw new RangeError(`${stat.size} bytes`);
      return new Uint8Array(await fs.promises.readFile(filePath));
    };
  }

  /** Files and folders (walked) as they were dropped or picked, in order. */
  function addPaths(paths: readonly string[], origin: IntakeOrigin): number {
    let added = 0;
    const walk = (target: string, depth: number) => {
      if (added >= MAX_FILES_PER_ADD) return;
      let stat: fs.Stats;
      try {
        stat = fs.statSync(target);
      } catch {
        added++;
        enqueue(path.basename(target), origin, () => Promise.reject(new Error(`${target} cannot be read`)));
        return;
      }
      if (stat.isDirectory()) {
        if (depth >= MAX_DEPTH) return;
        for (const name of fs.readdirSync(target).sort()) if (!name.startsWith('.')) walk(path.join(target, name), depth + 1);
        return;
      }
      added++;
      enqueue(path.basename(target), origin, readFileChecked(target));
    };
    for (const target of paths) walk(target, 0);
    return added;
  }

  return {
    addPaths,
    addBytes(fileName: string, bytes: Uint8Array, origin: IntakeOrigin): number {
      enqueue(fileName, origin, () => Promise.resolve(bytes));
      return 1;
    },
    list(): IntakeItem[] {
      return [...items.values()].map((item) => structuredClone(item));
    },
    byReceivedId(receivedId: number): IntakeItem | undefined {
      return [...items.values()].find((item) => item.receivedId === receivedId);
    },
    update(item: IntakeItem): void {
      publish(item);
    },
    /** Settles the files in flight (stop). */
    drain(): Promise<void> {
      return chain;
    },
  };
}

export type IntakeQueue = ReturnType<typeof createIntakeQueue>;

/** Sources after a review: a changed field is 'typed', an unchanged one keeps where it came from. */
export function reviewedSources(before: IntakeFields, after: IntakeFields, sources: IntakeItem['sources']): IntakeItem['sources'] {
  const next: IntakeItem['sources'] = {};
  for (const field of INTAKE_FIELDS) {
    if (!after[field]) continue;
    const source = after[field] === before[field] ? sources[field] : 'typed';
    next[field] = source ?? 'typed';
  }
  return next;
}
