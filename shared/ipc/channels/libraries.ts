/** Channels of the customer and product libraries. */
import { z } from 'zod';
import {
  Customer,
  LibraryExportRequest,
  LibraryExportResult,
  LibraryCopyRequest,
  LibraryCopyResult,
  LibraryId,
  LibraryImportResult,
  LibraryQuery,
  Product,
  SavedCustomer,
  SavedProduct,
} from '../schemas/libraries.js';
import { empty, type ChannelSpec } from './common.js';

const page = <T extends z.ZodType>(row: T) => z.strictObject({ rows: z.array(row), total: z.number().int() });
const deleted = z.strictObject({ deleted: z.boolean() });

export const libraryChannels = {
  'customers:list': { request: LibraryQuery, response: page(Customer) },
  'customers:save': { request: Customer, response: SavedCustomer },
  'customers:delete': { request: LibraryId, response: deleted },
  'customers:import': { request: empty, response: LibraryImportResult },
  'customers:export': { request: LibraryExportRequest, response: LibraryExportResult },
  'products:list': { request: LibraryQuery, response: page(Product) },
  'products:save': { request: Product, response: SavedProduct },
  'products:delete': { request: LibraryId, response: deleted },
  'products:import': { request: empty, response: LibraryImportResult },
  'products:export': { request: LibraryExportRequest, response: LibraryExportResult },
  /** Another enterprise's customers or products into the active enterprise's library; entries it has already are kept. */
  'libraries:copy': { request: LibraryCopyRequest, response: LibraryCopyResult },
} as const satisfies Record<string, ChannelSpec>;
