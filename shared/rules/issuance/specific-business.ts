/**
 * Rules of specific business information (spec "Specific business information (tdywxx)" and rule 4 of
 * endpoint 2): which member a digital-electronic invoice of tspz 53/54/55/56/59 needs, and the rules in
 * the members' remarks (addresses, cross-city number, approved price, lease and travel dates, classes).
 */
import Decimal from 'decimal.js';
import { DIGITAL_INVOICE_TYPES, SPECIFIC_BUSINESS_MEMBERS, TRAVEL_CLASSES } from '../../spec/codes.js';
import type { IssuanceRequest } from '../../spec/issuance.js';
import type { PassengerTransportLine, SpecificBusinessInfo } from '../../spec/specific-business.js';
import { MAX_FULL_ADDRESS_LENGTH, fullAddressLength, isAreaAddress, isDetailedAddress } from '../address.js';
import { isValidDate, isValidDateMinute } from '../dates.js';
import { invalid, isBlank, required, type RuleIssue } from '../rule-issue.js';

type MemberName = keyof SpecificBusinessInfo;
const MEMBER_NAMES: readonly MemberName[] = ['jzfw', 'hwysfw', 'bdcxsfw', 'bdcjyzlfw', 'lkysfw'];

/** The member tspz asks for on this invoice, if any. */
export function requiredMember(request: Pick<IssuanceRequest, 'fplxdm' | 'tspz'>): MemberName | undefined {
  if (!DIGITAL_INVOICE_TYPES.includes(request.fplxdm)) return undefined;
  return (SPECIFIC_BUSINESS_MEMBERS as Partial<Record<string, MemberName>>)[request.tspz];
}

/**
 * Rule 4: tdywxx with its matching member for 81/82 with tspz 53–59 (a list member with at least one
 * element). A member that does not match tspz is refused rather than silently dropped.
 */
export function specificBusinessPresenceRule(request: IssuanceRequest): RuleIssue[] {
  const member = requiredMember(request);
  const info = request.tdywxx;
  const issues: RuleIssue[] = [];
  if (member !== undefined) {
    const value = info?.[member];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      issues.push(required(`tdywxx.${member}`, 'memberRequired', { member, kind: request.tspz }));
    }
  }
  for (const name of MEMBER_NAMES) {
    if (name !== member && info?.[name] !== undefined) {
      issues.push(invalid(`tdywxx.${name}`, 'memberMismatch', { member: name, type: request.fplxdm, kind: request.tspz }));
    }
  }
  return issues;
}

/** Area address rule, detailed address rule, and at most 120 together. */
export function addressRule(path: string, area: string, detail: string, areaField: string, detailField: string): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!isAreaAddress(area)) {
    issues.push(invalid(`${path}.${areaField}`, 'areaAddress', { field: areaField }));
  }
  if (!isDetailedAddress(detail)) {
    issues.push(invalid(`${path}.${detailField}`, 'detailedAddress', { field: detailField }));
  }
  const length = fullAddressLength(area, detail);
  if (length !== null && length > MAX_FULL_ADDRESS_LENGTH) {
    issues.push(invalid(`${path}.${detailField}`, 'addressTooLong', { field: areaField, field2: detailField, max: MAX_FULL_ADDRESS_LENGTH, length }));
  }
  return issues;
}

/** jzfw: addresses; kdsbz 1 needs kqysssxbgglbm. */
export function constructionRule(info: SpecificBusinessInfo | undefined): RuleIssue[] {
  const jzfw = info?.jzfw;
  if (!jzfw) return [];
  const issues = addressRule('tdywxx.jzfw', jzfw.jzfwfsd, jzfw.fsdxxdz, 'jzfwfsd', 'fsdxxdz');
  if (jzfw.kdsbz === '1' && isBlank(jzfw.kqysssxbgglbm)) {
    issues.push(required('tdywxx.jzfw.kqysssxbgglbm', 'crossCityNumber', { field: 'kqysssxbgglbm' }));
  }
  return issues;
}

/** bdcxsfw: addresses; taxed on an approved price (hdjsjg given) needs sjcjhsje. */
export function realEstateSaleRule(info: SpecificBusinessInfo | undefined): RuleIssue[] {
  const sale = info?.bdcxsfw;
  if (!sale) return [];
  const issues = addressRule('tdywxx.bdcxsfw', sale.bdcdz, sale.bdcxxdz, 'bdcdz', 'bdcxxdz');
  if (sale.hdjsjg !== undefined && sale.sjcjhsje === undefined) {
    issues.push(required('tdywxx.bdcxsfw.sjcjhsje', 'actualPrice', { field: 'sjcjhsje' }));
  }
  if (sale.hdjsjg !== undefined && new Decimal(sale.hdjsjg).lessThanOrEqualTo(0)) {
    issues.push(invalid('tdywxx.bdcxsfw.hdjsjg', 'positiveValue', { field: 'hdjsjg' }));
  }
  return issues;
}

/** bdcjyzlfw: addresses; zlqq and zlqz are real minutes and the lease does not end before it starts. */
export function realEstateLeaseRule(info: SpecificBusinessInfo | undefined): RuleIssue[] {
  const lease = info?.bdcjyzlfw;
  if (!lease) return [];
  const issues = addressRule('tdywxx.bdcjyzlfw', lease.bdcdz, lease.bdcxxdz, 'bdcdz', 'bdcxxdz');
  const startValid = isValidDateMinute(lease.zlqq);
  const endValid = isValidDateMinute(lease.zlqz);
  if (!startValid) issues.push(invalid('tdywxx.bdcjyzlfw.zlqq', 'invalidDateTime', { field: 'zlqq', value: lease.zlqq }));
  if (!endValid) issues.push(invalid('tdywxx.bdcjyzlfw.zlqz', 'invalidDateTime', { field: 'zlqz', value: lease.zlqz }));
  // The fixed-width format sorts as text in time order.
  if (startValid && endValid && lease.zlqz < lease.zlqq) {
    issues.push(invalid('tdywxx.bdcjyzlfw.zlqz', 'leaseEndsBeforeStart'));
  }
  return issues;
}

/** lkysfw: cxrq a real day; dengj required for plane/train/ship (jtgjlx 1/2/7) and from that vehicle's list. */
export function passengerTransportRule(info: SpecificBusinessInfo | undefined): RuleIssue[] {
  return (info?.lkysfw ?? []).flatMap((line: PassengerTransportLine, index) => {
    const path = `tdywxx.lkysfw.${index}`;
    const issues: RuleIssue[] = [];
    if (!isValidDate(line.cxrq)) issues.push(invalid(`${path}.cxrq`, 'invalidDate', { field: 'cxrq', value: line.cxrq }));
    const classes = TRAVEL_CLASSES[line.jtgjlx];
    if (classes !== undefined) {
      if (isBlank(line.dengj)) {
        issues.push(required(`${path}.dengj`, 'travelClassRequired', { field: 'dengj', vehicle: line.jtgjlx }));
      } else if (!classes.includes(line.dengj ?? '')) {
        issues.push(invalid(`${path}.dengj`, 'travelClassInvalid', { field: 'dengj', value: line.dengj ?? '', choices: classes.join('、') }));
      }
    }
    return issues;
  });
}
