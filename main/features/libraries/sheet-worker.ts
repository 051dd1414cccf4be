/**
 * The worker thread that reads a clerk's spreadsheet (issue 10 point 8): the zip scan and exceljs run
 * here, so a hostile workbook can cost this thread its time and (bounded) memory, never main's event
 * loop. Started by importSheet (sheet-import.ts) with { filePath, request }; answers one message.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { IpcFailure } from '../../../shared/ipc/index.js';
import { readSheetFile, type SheetRequest } from './sheet-reader.js';

const { filePath, request } = workerData as { filePath: string; request: SheetRequest<string> };

readSheetFile(filePath, request).then(
  (result) => parentPort?.postMessage({ ok: true, table: result.table, counters: result.counters, threadId }),
  (error: unknown) => {
    const failure =
      error instanceof IpcFailure
        ? { code: error.code, message: error.message, details: error.details }
        : { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error), details: undefined };
    parentPort?.postMessage({ ok: false, error: failure, threadId });
  },
);
