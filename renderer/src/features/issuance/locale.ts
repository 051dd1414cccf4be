/**
 * Words of the issuance form's code tables that the app's locale files have no room for, spread into
 * `issuanceForm`: the traveller document types (cxrzjlx, the spec's Document type code table; the English
 * names are the spec's own, in shared/spec/codes.ts, the Chinese ones the 证件类型 names clerks know).
 */
import { TRAVELLER_DOCUMENT_TYPES } from '../../../../shared/spec/codes.js';

type DocumentType = keyof typeof TRAVELLER_DOCUMENT_TYPES;

const documentTypesZh: Record<DocumentType, string> = {
  '101': '组织机构代码证', '102': '营业执照', '103': '税务登记证', '199': '其他单位证件',
  '201': '居民身份证', '202': '军官证', '203': '武警警官证', '204': '士兵证', '205': '军队离退休干部证', '206': '残疾人证',
  '207': '残疾军人证（1–8 级）', '208': '外国护照', '210': '港澳居民来往内地通行证', '212': '往来港澳通行证',
  '213': '台湾居民来往大陆通行证', '214': '大陆居民往来台湾通行证', '215': '外国人居留证', '216': '外交官证',
  '217': '使（领）馆证', '218': '海员证', '219': '香港永久性居民身份证', '220': '台湾身份证', '221': '澳门永久性居民身份证',
  '222': '外国人身份证件', '224': '就业失业登记证', '225': '退休证', '226': '离休证', '227': '中国护照',
  '228': '城镇退役士兵自谋职业证', '229': '随军家属身份证明', '230': '军官转业证书', '231': '义务兵退出现役证',
  '232': '士官退出现役证', '233': '外国人永久居留身份证', '234': '就业创业证', '235': '香港特别行政区护照',
  '236': '澳门特别行政区护照', '237': '港澳居民居住证', '238': '台湾居民居住证', '239': '外国人工作许可证（A 类）',
  '240': '外国人工作许可证（B 类）', '241': '外国人工作许可证（C 类）', '291': '出生医学证明', '299': '其他个人证件',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const issuanceCodesZh = { documentTypes: documentTypesZh };
export const issuanceCodesEn: typeof issuanceCodesZh = {
  documentTypes: Object.fromEntries(Object.entries(TRAVELLER_DOCUMENT_TYPES).map(([code, name]) => [code, capitalised(name)])) as Record<DocumentType, string>,
};
