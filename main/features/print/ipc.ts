/** IPC handlers of printing (contract fragment shared/ipc/channels/print.ts). */
import type { IpcRouter } from '../../ipc/router.js';
import type { PrintService } from './service.js';

export function registerPrintIpc(router: IpcRouter, service: PrintService): void {
  router.handle('print:printers', () => service.printers());
  router.handle('print:print', (request) => service.print(request));
  router.handle('print:retry', (request) => service.retry(request));
  router.handle('print:preview', (request) => service.preview(request));
  router.handle('print:savePdf', (request) => service.savePdf(request));
  router.handle('print:log', (request) => service.log(request.invoiceId));
  router.handle('print:calibration', (request) => service.calibration(request.printer));
  router.handle('print:calibrate', (request) => service.calibrate(request));
  router.handle('print:calibrationPage', (request) => service.calibrationPage(request.printer));
  router.handle('print:archive', (request) => service.archive(request));
}
