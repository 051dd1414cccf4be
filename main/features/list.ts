/**
 * The desk's features in one list, in start order (stop runs in reverse): adding a feature is one line in
 * `features` below (feature.ts describes the contract). Kept apart from core.ts, which opens what the
 * features share (the desk's file, the ledger, the service) and wires what they return (combine.ts): the
 * composition root reads as those steps, this module as which feature builds on which.
 *
 * Settings is created by the core before the service is chosen (its answer decides which service that is);
 * every other feature is made here, once the service is connected.
 */
import path from 'node:path';
import type { Seller } from '../../shared/rules/issuance-form/index.js';
import type { ServiceConnection } from '../api/connect.js';
import type { CoreConfig } from '../core-config.js';
import type { Vault } from '../security/vault.js';
import { createAuditFeature } from './audit/index.js';
import { createBatchFeature } from './batch/index.js';
import { createCertificationFeature } from './certification/index.js';
import { createClerksFeature, type ClerksApi } from './clerks/index.js';
import { createCollectionFeature } from './collection/index.js';
import { createEnterprisesFeature } from './enterprises/index.js';
import type { Feature, FeatureDeps } from './feature.js';
import { createHistoryFeature } from './history/index.js';
import { createIntakeFeature } from './intake/index.js';
import { createIssuanceFeature } from './issuance/index.js';
import { createLibrariesFeature } from './libraries/index.js';
import { createPrintFeature } from './print/index.js';
import { createReversalFeature } from './reversal/index.js';
import { createServiceStatusFeature } from './service-status/index.js';
import { createStatisticsFeature } from './statistics/index.js';
import { createTaxCodesFeature } from './tax-codes/index.js';
import { createTemplatesFeature } from './templates/index.js';

export interface FeatureListDeps {
  /** What every feature may use, but the seller: that is the active enterprise, which a feature here keeps. */
  shared: Omit<FeatureDeps, 'seller'>;
  settings: Feature;
  /** The secrets vault (the enterprises feature seals tax-bureau passwords in it). */
  vault: Vault;
  connection: Pick<ServiceConnection, 'baseUrl' | 'seller' | 'sandbox'>;
  config: Pick<CoreConfig, 'issuer' | 'collectionPageSize' | 'resourcesDir' | 'deadlineCheckMs'>;
  /** The issuer (kpr) when no clerk is signed in and the config names none. */
  defaultIssuerName: string;
}

export interface FeatureList {
  readonly features: Feature[];
  /** Who is signed in and what they may do: the router checks every channel's right with it. */
  readonly clerks: ClerksApi;
  /** The enterprise this desk acts for (the configured seller until another is made active). */
  seller(): Seller;
  /** 开票人: the signed-in clerk, else the configured issuer. */
  defaultIssuer(): string;
}

export function createFeatureList({ shared, settings, vault, connection, config, defaultIssuerName }: FeatureListDeps): FeatureList {
  const deps: FeatureDeps = { ...shared, seller: () => seller() };
  // 开票人 defaults to the signed-in clerk (issue 24 point 5); without clerks, to the configured name as before.
  // A clerk an admin kept to some enterprises is held to the one the desk acts for (seller(), below).
  const clerks = createClerksFeature({ ...deps, activeEnterprise: () => seller().taxNumber });
  const defaultIssuer = () => clerks.api.current()?.name ?? config.issuer ?? defaultIssuerName;
  const enterprises = createEnterprisesFeature({
    ...deps,
    vault,
    defaultSeller: { taxNumber: connection.seller.taxNumber, name: connection.seller.name },
    mayActFor: clerks.api.mayActFor,
  });
  // The active enterprise is the seller of issuance and the buyer of collection and certification.
  const seller = (): Seller => ({ ...connection.seller, ...enterprises.api.active() });
  // Libraries, templates and print logs are kept per enterprise (main/db/enterprise-scope.ts).
  const ownEnterprise = () => connection.seller.taxNumber;
  const scoped = { ownEnterprise, scope: () => ({ enterprise: seller().taxNumber, own: seller().taxNumber === ownEnterprise() }) };
  const collection = createCollectionFeature({
    ...deps,
    enterprise: () => seller().taxNumber,
    dialog: () => deps.ports.dialog,
    ...(config.collectionPageSize === undefined ? {} : { pageSize: config.collectionPageSize }),
  });
  const issuance = createIssuanceFeature({ ...deps, clerk: clerks.api.current });
  const reversal = createReversalFeature({ ...deps, issuance: issuance.api });
  const intake = createIntakeFeature(deps);
  const print = createPrintFeature({
    ...deps,
    ...scoped,
    findInvoice: async (id) => issuance.api.findById(id),
    invoicePdf: (id) => issuance.api.invoicePdf(id),
    invoiceEnterprise: async (id) => (await issuance.api.invoices.invoice(id, deps.environment))?.xhdwsbh ?? null,
    noteVoided: (id, zflx) => issuance.api.markVoided(id, zflx),
  });
  // One line per feature, in start order (stop runs in reverse).
  const features = [
    clerks,
    // The audit trail's view (操作日志); the features record their own events.
    createAuditFeature(deps),
    settings,
    // Reachability of the service, and restarting the sandbox process when it died (the 服务不可达 banner).
    createServiceStatusFeature({ ...deps, baseUrl: connection.baseUrl, sandbox: connection.sandbox }),
    enterprises,
    collection,
    issuance,
    reversal,
    createHistoryFeature({ ...deps, issuance: issuance.api, reversal: reversal.api }),
    createCertificationFeature({ ...deps, collection: collection.api }),
    createLibrariesFeature({ ...deps, ...scoped }),
    createBatchFeature({ ...deps, issuance: issuance.api, defaultIssuer }),
    createTaxCodesFeature({ ...deps, resourcesDir: config.resourcesDir ?? path.resolve('resources') }),
    createTemplatesFeature({ ...deps, ...scoped }),
    intake,
    print,
    createStatisticsFeature({
      ...deps,
      collection: collection.api,
      intake: intake.api,
      issuance: issuance.api,
      print: print.api,
      ...(config.deadlineCheckMs === undefined ? {} : { deadlineCheckMs: config.deadlineCheckMs }),
    }),
  ];
  return { features, clerks: clerks.api, seller, defaultIssuer };
}
