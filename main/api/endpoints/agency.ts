/**
 * The enterprise (agency) endpoints, all E1 on /openApi/agency: page through (GET), initialise (POST),
 * modify (PATCH). Requests carry the tax-bureau passwords (taxUser.identityPwd, taxPwd); nothing of a
 * request is kept in errors, and answers are kept only through the redaction in exchange.ts.
 */
import {
  EnterprisePageResponse,
  EnterpriseResponse,
  type EnterprisePage,
  type EnterpriseRecord,
  type InitialiseEnterpriseRequest,
  type ModifyEnterpriseRequest,
} from '../../../shared/spec/agency.js';
import type { Caller } from '../exchange.js';

/** Query of endpoint 11; absent members take the service's defaults (page 1, 10 per page, no filter). */
export interface EnterpriseListQuery {
  /** Enterprises whose tax number contains this text. */
  taxNumber?: string;
  /** Enterprises whose name contains this text. */
  agencyName?: string;
  /** From 1. */
  pageNum?: number;
  /** 10 to 20. */
  pageSize?: number;
}

export function agencyEndpoints(call: Caller) {
  /** The enterprise answered must be the one sent: the app stores the answer under the request's tax number. */
  const sameEnterprise = async (name: 'initialiseEnterprise' | 'modifyEnterprise', request: { taxNumber: string }): Promise<EnterpriseRecord> => {
    const { value, mismatch } = await call(name, { json: request }, EnterpriseResponse);
    if (value.data.taxNumber !== request.taxNumber) throw mismatch(`answer is for enterprise ${value.data.taxNumber}, not ${request.taxNumber}`);
    return value.data;
  };

  return {
    async listEnterprises(query: EnterpriseListQuery = {}): Promise<EnterprisePage> {
      const parameters = { taxNumber: query.taxNumber, agencyName: query.agencyName, pageNum: query.pageNum, pageSize: query.pageSize };
      const { value, mismatch } = await call('listEnterprises', { query: parameters }, EnterprisePageResponse);
      if (value.data.size !== value.data.list.length) throw mismatch(`size ${value.data.size} but ${value.data.list.length} enterprises listed`);
      return value.data;
    },

    initialiseEnterprise: (request: InitialiseEnterpriseRequest): Promise<EnterpriseRecord> => sameEnterprise('initialiseEnterprise', request),

    modifyEnterprise: (request: ModifyEnterpriseRequest): Promise<EnterpriseRecord> => sameEnterprise('modifyEnterprise', request),
  };
}
