/**
 * A worker thread of the extraction pool (extraction-pool.ts): QR decoding, PDF reading, OFD/XML parsing
 * the picture preparation for recognition and the review's page previews run here, never on main's event loop. One task at a time;
 * the thread lives on between tasks so zxing-wasm and pdf.js are initialised once per thread, not per file.
 *
 * Messages in: { id, task: 'extract' | 'prepare' | 'preview', bytes }; out: { id, ok: true, value } or
 * { id, ok: false, message } (an unexpected failure; a bad file is an ok extraction outcome saying why).
 */
import { parentPort } from 'node:worker_threads';
import { extractInvoice } from '../../../extraction/index.js';
import { prepareForRecognition } from '../../../extraction/image-prep.js';
import { renderPreview } from './preview/render.js';

export type PoolTask = 'extract' | 'prepare' | 'preview';

export interface PoolRequest {
  id: number;
  task: PoolTask;
  bytes: Uint8Array;
}

export type PoolReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

async function perform(request: PoolRequest): Promise<unknown> {
  switch (request.task) {
    case 'extract':
      return extractInvoice(request.bytes);
    case 'prepare':
      return prepareForRecognition(request.bytes);
    case 'preview':
      return renderPreview(request.bytes);
  }
}

parentPort?.on('message', (request: PoolRequest) => {
  perform(request).then(
    (value) => parentPort?.postMessage({ id: request.id, ok: true, value } satisfies PoolReply),
    (error: unknown) => parentPort?.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies PoolReply),
  );
});
