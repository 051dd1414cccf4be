/** IPC handlers of the customer and product libraries. */
import type { IpcRouter } from '../../ipc/router.js';
import type { LibrariesService } from './service.js';

export function registerLibrariesIpc(router: IpcRouter, service: LibrariesService): void {
  router.handle('customers:list', (query) => service.listCustomers(query));
  router.handle('customers:save', (customer) => service.saveCustomer(customer));
  router.handle('customers:delete', ({ id }) => service.deleteCustomer(id));
  router.handle('customers:import', () => service.importCustomers());
  router.handle('customers:export', ({ format }) => service.exportCustomers(format));
  router.handle('products:list', (query) => service.listProducts(query));
  router.handle('products:save', (product) => service.saveProduct(product));
  router.handle('products:delete', ({ id }) => service.deleteProduct(id));
  router.handle('products:import', () => service.importProducts());
  router.handle('products:export', ({ format }) => service.exportProducts(format));
  router.handle('libraries:copy', (request) => service.copy(request));
}
