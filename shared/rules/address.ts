/**
 * The spec's address rules of specific business information (tdywxx).
 *
 * "An area address must start with one of 省, 自治区, 特别行政区, 北京市, 天津市, 上海市, 重庆市": read
 * literally no real address would pass (广东省… starts with 广), so it is read as "starts with a
 * province-level division": a name ending in 省, 自治区 or 特别行政区, or one of the four municipalities.
 * It must end with 市, 盟, 自治州, 地区 or 区. The total of area + detailed address is counted in GBK, as
 * every length of the issuance payload is.
 */
import { gbkLength } from './gbk.js';

const PROVINCE_LEVEL_START = /^(?:北京市|天津市|上海市|重庆市|[^省市区州盟]{2,8}?(?:省|自治区|特别行政区))/;
const AREA_END = /(?:市|盟|自治州|地区|区)$/;
const DETAIL_MARKERS = ['街', '路', '村', '乡', '镇', '道', '巷', '号'] as const;

export const MAX_FULL_ADDRESS_LENGTH = 120;

export function isAreaAddress(text: string): boolean {
  const trimmed = text.trim();
  return PROVINCE_LEVEL_START.test(trimmed) && AREA_END.test(trimmed);
}

export function isDetailedAddress(text: string): boolean {
  return DETAIL_MARKERS.some((marker) => text.includes(marker));
}

/** GBK length of area + detailed address, or null when a character is outside GBK. */
export function fullAddressLength(area: string, detail: string): number | null {
  return gbkLength(`${area}${detail}`);
}
