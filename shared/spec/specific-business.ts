/**
 * Specific business information (tdywxx) of an issuance request, member by member as the spec lists
 * them, with GBK lengths (tdywxx is part of the issuance payload). The address, date, class and
 * conditionally required rules are in shared/rules/issuance/specific-business.ts: they need more than one
 * field or the request's tspz.
 */
import { z } from 'zod';
import { AREA_UNITS, CROSS_CITY_FLAGS, FREIGHT_VEHICLE_KINDS, PASSENGER_VEHICLE_TYPES, TRAVELLER_DOCUMENT_TYPES } from './codes.js';
import { codeText, gbkText, wireDecimal } from './fields.js';
import { DATE_MINUTE_PATTERN, DATE_PATTERN, codeEnum, describeCodes } from './output-fields.js';

/** The area and detailed addresses have no length of their own: together they are at most 120 (a rule). */
const ADDRESS_UNBOUNDED = 1000;

export const ConstructionService = z
  .strictObject({
    jzfwfsd: gbkText('jzfwfsd', ADDRESS_UNBOUNDED, true).describe(
      'Place of service; an area address: starts with 省/自治区/特别行政区/北京市/天津市/上海市/重庆市 and ends with 市/盟/自治州/地区/区',
    ),
    fsdxxdz: gbkText('fsdxxdz', ADDRESS_UNBOUNDED, true).describe(
      'Detailed address of the place of service; contains one of 街/路/村/乡/镇/道/巷/号; with jzfwfsd at most 120 in total',
    ),
    jzxmmc: gbkText('jzxmmc', 80, true).describe('Construction project name'),
    kdsbz: codeEnum('kdsbz', CROSS_CITY_FLAGS).describe(`Cross-city flag: ${describeCodes(CROSS_CITY_FLAGS)}`),
    tdzzsxmbh: gbkText('tdzzsxmbh', 16, true).describe('Land value-added-tax project number'),
    kqysssxbgglbm: gbkText('kqysssxbgglbm', 50)
      .optional()
      .describe('Cross-region tax matter reporting number; required when kdsbz is 1'),
  })
  .describe('jzfw: construction service (tspz 53)');
export type ConstructionService = z.infer<typeof ConstructionService>;

export const FreightTransportLine = z
  .strictObject({
    ddd: gbkText('ddd', 80, true).describe(
      'Destination, written by administrative division name including the county-level name; a specific address may follow',
    ),
    qyd: gbkText('qyd', 80, true).describe('Origin, written by administrative division name including the county-level name'),
    ysgjhp: gbkText('ysgjhp', 40, true).describe('Vehicle plate; 无 when the vehicle kind has no plate'),
    ysgjzl: codeEnum('ysgjzl', FREIGHT_VEHICLE_KINDS).describe(`Vehicle kind: ${describeCodes(FREIGHT_VEHICLE_KINDS)}`),
    yshwmc: gbkText('yshwmc', 80, true).describe('Goods name'),
  })
  .describe('Element of hwysfw: one freight transport (tspz 54)');
export type FreightTransportLine = z.infer<typeof FreightTransportLine>;

const realEstateCommon = {
  bdcdz: gbkText('bdcdz', ADDRESS_UNBOUNDED, true).describe(
    'Real-estate area address: starts with 省/自治区/特别行政区/北京市/天津市/上海市/重庆市 and ends with 市/盟/自治州/地区/区',
  ),
  bdcxxdz: gbkText('bdcxxdz', ADDRESS_UNBOUNDED, true).describe(
    'Real-estate detailed address; contains one of 街/路/村/乡/镇/道/巷/号; with bdcdz at most 120 in total',
  ),
  fwcqzshm: gbkText('fwcqzshm', 40, true).describe('House/real-estate ownership certificate number'),
  kdsbz: codeEnum('kdsbz', CROSS_CITY_FLAGS).describe(`Cross-city flag: ${describeCodes(CROSS_CITY_FLAGS)}`),
  mjdw: codeEnum('mjdw', AREA_UNITS).describe(`Area unit: ${describeCodes(AREA_UNITS)}`),
};

export const RealEstateSale = z
  .strictObject({
    ...realEstateCommon,
    wqhtbabh: gbkText('wqhtbabh', 28).optional().describe('Online-signed contract record code; required for a real-estate developer'),
    tdzzsxmbh: gbkText('tdzzsxmbh', 18).optional().describe('Land value-added-tax project number'),
    hdjsjg: wireDecimal('hdjsjg', 2)
      .optional()
      .describe('Approved tax price; may be omitted when the sale is not taxed on an approved price'),
    sjcjhsje: wireDecimal('sjcjhsje', 2)
      .optional()
      .describe('Actual transaction amount including tax; required when taxed on an approved price (hdjsjg given)'),
  })
  .describe('bdcxsfw: real-estate sale (tspz 55)');
export type RealEstateSale = z.infer<typeof RealEstateSale>;

export const RealEstateLease = z
  .strictObject({
    ...realEstateCommon,
    zlqq: codeText('zlqq', DATE_MINUTE_PATTERN, '格式必须是 yyyy-MM-dd HH:mm').describe('Lease start, yyyy-MM-dd HH:mm'),
    zlqz: codeText('zlqz', DATE_MINUTE_PATTERN, '格式必须是 yyyy-MM-dd HH:mm').describe('Lease end, yyyy-MM-dd HH:mm'),
    cph: gbkText('cph', 10)
      .optional()
      .describe("Plate number; effective only when the line's spbm is 3040502020200000000, ignored for other codes"),
  })
  .describe('bdcjyzlfw: real-estate lease (tspz 56)');
export type RealEstateLease = z.infer<typeof RealEstateLease>;

export const PassengerTransportLine = z
  .strictObject({
    cfd: gbkText('cfd', 80, true).describe('Departure place, administrative division name including the county-level name'),
    cxr: gbkText('cxr', 20, true).describe('Traveller'),
    cxrq: codeText('cxrq', DATE_PATTERN, '格式必须是 yyyy-MM-dd').describe('Travel date, yyyy-MM-dd'),
    cxrzjhm: gbkText('cxrzjhm', 20, true).describe('Traveller document number'),
    cxrzjlx: codeEnum('cxrzjlx', TRAVELLER_DOCUMENT_TYPES).describe('Traveller document type code from the Document type code table'),
    ddd: gbkText('ddd', 80, true).describe('Arrival place, administrative division name including the county-level name'),
    dengj: gbkText('dengj', 8)
      .optional()
      .describe(
        'Class; required when the vehicle is a train, plane or ship. Train: 一等座, 二等座, 软席(软座、软卧), 硬席(硬座、硬卧). Plane: 经济舱, 头等舱, 公务舱. Ship: 一等舱, 二等舱, 三等舱',
      ),
    jtgjlx: codeEnum('jtgjlx', PASSENGER_VEHICLE_TYPES).describe(`Vehicle type: ${describeCodes(PASSENGER_VEHICLE_TYPES)}`),
  })
  .describe('Element of lkysfw: one passenger transport (tspz 59)');
export type PassengerTransportLine = z.infer<typeof PassengerTransportLine>;

export const SpecificBusinessInfo = z
  .strictObject({
    jzfw: ConstructionService.optional().describe('Construction service; required when tspz is 53'),
    hwysfw: z.array(FreightTransportLine).optional().describe('Freight transport (list); required when tspz is 54'),
    bdcxsfw: RealEstateSale.optional().describe('Real-estate sale; required when tspz is 55'),
    bdcjyzlfw: RealEstateLease.optional().describe('Real-estate lease; required when tspz is 56'),
    lkysfw: z.array(PassengerTransportLine).optional().describe('Passenger transport (list); required when tspz is 59'),
  })
  .describe('Specific business information (tdywxx)');
export type SpecificBusinessInfo = z.infer<typeof SpecificBusinessInfo>;
