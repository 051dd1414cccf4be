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
      issues.push(required(`tdywxx.${member}`, `tdywxx.${member} 不能为空（数电发票特殊票种 ${request.tspz}）`));
    }
  }
  for (const name of MEMBER_NAMES) {
    if (name !== member && info?.[name] !== undefined) {
      issues.push(invalid(`tdywxx.${name}`, `tdywxx.${name} 与发票类型 ${request.fplxdm}、特殊票种 ${request.tspz} 不匹配`));
    }
  }
  return issues;
}

/** Area address rule, detailed address rule, and at most 120 together. */
export function addressRule(path: string, area: string, detail: string, areaField: string, detailField: string): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!isAreaAddress(area)) {
    issues.push(
      invalid(
        `${path}.${areaField}`,
        `${areaField} 必须以省、自治区、特别行政区或北京市/天津市/上海市/重庆市开头，并以市、盟、自治州、地区或区结尾`,
      ),
    );
  }
  if (!isDetailedAddress(detail)) {
    issues.push(invalid(`${path}.${detailField}`, `${detailField} 必须包含 街、路、村、乡、镇、道、巷 或 号`));
  }
  const length = fullAddressLength(area, detail);
  if (length !== null && length > MAX_FULL_ADDRESS_LENGTH) {
    issues.push(invalid(`${path}.${detailField}`, `${areaField} 与 ${detailField} 合计不能超过 ${MAX_FULL_ADDRESS_LENGTH}（当前 ${length}）`));
  }
  return issues;
}

/** jzfw: addresses; kdsbz 1 needs kqysssxbgglbm. */
export function constructionRule(info: SpecificBusinessInfo | undefined): RuleIssue[] {
  const jzfw = info?.jzfw;
  if (!jzfw) return [];
  const issues = addressRule('tdywxx.jzfw', jzfw.jzfwfsd, jzfw.fsdxxdz, 'jzfwfsd', 'fsdxxdz');
  if (jzfw.kdsbz === '1' && isBlank(jzfw.kqysssxbgglbm)) {
    issues.push(required('tdywxx.jzfw.kqysssxbgglbm', 'kqysssxbgglbm 不能为空（跨地市标志为 1 时必须填写跨区域涉税事项报验管理编号）'));
  }
  return issues;
}

/** bdcxsfw: addresses; taxed on an approved price (hdjsjg given) needs sjcjhsje. */
export function realEstateSaleRule(info: SpecificBusinessInfo | undefined): RuleIssue[] {
  const sale = info?.bdcxsfw;
  if (!sale) return [];
  const issues = addressRule('tdywxx.bdcxsfw', sale.bdcdz, sale.bdcxxdz, 'bdcdz', 'bdcxxdz');
  if (sale.hdjsjg !== undefined && sale.sjcjhsje === undefined) {
    issues.push(required('tdywxx.bdcxsfw.sjcjhsje', 'sjcjhsje 不能为空（按核定计税价格征税时必须填写实际成交含税金额）'));
  }
  if (sale.hdjsjg !== undefined && new Decimal(sale.hdjsjg).lessThanOrEqualTo(0)) {
    issues.push(invalid('tdywxx.bdcxsfw.hdjsjg', 'hdjsjg 必须大于 0'));
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
  if (!startValid) issues.push(invalid('tdywxx.bdcjyzlfw.zlqq', `zlqq ${lease.zlqq} 不是有效的日期时间`));
  if (!endValid) issues.push(invalid('tdywxx.bdcjyzlfw.zlqz', `zlqz ${lease.zlqz} 不是有效的日期时间`));
  // The fixed-width format sorts as text in time order.
  if (startValid && endValid && lease.zlqz < lease.zlqq) {
    issues.push(invalid('tdywxx.bdcjyzlfw.zlqz', '租赁期止不能早于租赁期起'));
  }
  return issues;
}

/** lkysfw: cxrq a real day; dengj required for plane/train/ship (jtgjlx 1/2/7) and from that vehicle's list. */
export function passengerTransportRule(info: SpecificBusinessInfo | undefined): RuleIssue[] {
  return (info?.lkysfw ?? []).flatMap((line: PassengerTransportLine, index) => {
    const path = `tdywxx.lkysfw.${index}`;
    const issues: RuleIssue[] = [];
    if (!isValidDate(line.cxrq)) issues.push(invalid(`${path}.cxrq`, `cxrq ${line.cxrq} 不是有效的日期`));
    const classes = TRAVEL_CLASSES[line.jtgjlx];
    if (classes !== undefined) {
      if (isBlank(line.dengj)) {
        issues.push(required(`${path}.dengj`, `dengj 不能为空（交通工具类型 ${line.jtgjlx} 为飞机、火车或船舶）`));
      } else if (!classes.includes(line.dengj ?? '')) {
        issues.push(invalid(`${path}.dengj`, `dengj ${line.dengj ?? ''} 无效，可选 ${classes.join('、')}`));
      }
    }
    return issues;
  });
}
