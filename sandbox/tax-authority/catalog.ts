/**
 * The vocabulary of the seeded tax authority: where sellers are, what they are called, what they sell
 * and at which rate. Plain data; the generator draws from it with its seeded PRNG.
 */

export interface Region {
  /** City as it opens a company name. */
  city: string;
  /** 6-digit administrative division, part of the USCC. */
  division: string;
  /** 4-digit tax-authority region of paper invoice codes. */
  codeRegion: string;
  /** Plate prefix of toll lines. */
  plate: string;
  street: string;
  phoneArea: string;
  bank: string;
}

export const REGIONS: readonly Region[] = [
  { city: '上海', division: '310115', codeRegion: '3100', plate: '沪A', street: '浦东新区张江路', phoneArea: '021', bank: '中国工商银行上海张江支行' },
  { city: '上海', division: '310104', codeRegion: '3100', plate: '沪B', street: '徐汇区漕溪北路', phoneArea: '021', bank: '招商银行上海徐家汇支行' },
  { city: '北京', division: '110105', codeRegion: '1100', plate: '京A', street: '朝阳区建国路', phoneArea: '010', bank: '中国银行北京国贸支行' },
  { city: '深圳', division: '440305', codeRegion: '4403', plate: '粤B', street: '南山区科技园南路', phoneArea: '0755', bank: '平安银行深圳科技园支行' },
  { city: '杭州', division: '330106', codeRegion: '3301', plate: '浙A', street: '西湖区文三路', phoneArea: '0571', bank: '杭州银行文创支行' },
  { city: '苏州', division: '320505', codeRegion: '3205', plate: '苏E', street: '虎丘区狮山路', phoneArea: '0512', bank: '中国建设银行苏州新区支行' },
  { city: '广州', division: '440106', codeRegion: '4401', plate: '粤A', street: '天河区天河路', phoneArea: '020', bank: '广发银行广州天河支行' },
  { city: '成都', division: '510107', codeRegion: '5101', plate: '川A', street: '武侯区天府大道', phoneArea: '028', bank: '成都银行高新支行' },
  { city: '武汉', division: '420106', codeRegion: '4201', plate: '鄂A', street: '武昌区中北路', phoneArea: '027', bank: '汉口银行武昌支行' },
  { city: '南京', division: '320106', codeRegion: '3201', plate: '苏A', street: '鼓楼区中山北路', phoneArea: '025', bank: '南京银行鼓楼支行' },
  { city: '天津', division: '120116', codeRegion: '1200', plate: '津A', street: '滨海新区第三大街', phoneArea: '022', bank: '天津银行滨海分行' },
  { city: '重庆', division: '500112', codeRegion: '5000', plate: '渝A', street: '渝北区金开大道', phoneArea: '023', bank: '重庆农村商业银行渝北支行' },
  { city: '西安', division: '610113', codeRegion: '6101', plate: '陕A', street: '雁塔区高新路', phoneArea: '029', bank: '西安银行高新支行' },
];

export const BRANDS: readonly string[] = [
  '华瑞', '中联', '恒通', '博远', '鑫达', '宏图', '新锐', '金桥', '天元', '卓越', '嘉禾', '永盛', '东方', '润丰', '汇智',
  '启明', '联创', '众合', '德信', '瑞丰', '安泰', '盛世', '诚达', '佳和', '海纳', '华信', '云帆', '远景', '同舟', '泰康',
];

export const INDUSTRIES: readonly string[] = [
  '科技', '贸易', '电子', '物流', '建材', '食品', '机械', '信息技术', '商贸', '餐饮管理', '办公用品', '酒店管理', '建筑工程', '印务', '网络科技',
];

export const COMPANY_SUFFIXES: readonly string[] = ['有限公司', '有限公司', '有限公司', '股份有限公司', '有限责任公司'];

export const TOLL_OPERATORS: readonly string[] = ['沪宁高速公路', '京沪高速公路', '沪杭甬高速公路', '广深高速公路', '成渝高速公路', '京港澳高速公路'];

export const CAR_BRANDS: readonly { brand: string; model: string; type: string; origin: string }[] = [
  { brand: '大众', model: '大众牌SVW71810BU', type: '轿车', origin: '上海' },
  { brand: '丰田', model: '丰田牌GTM7200GB', type: '轿车', origin: '广州' },
  { brand: '别克', model: '别克牌SGM6521UAA1', type: '多用途乘用车', origin: '上海' },
  { brand: '比亚迪', model: '比亚迪牌BYD7152WT6HEVC3', type: '轿车', origin: '深圳' },
  { brand: '五菱', model: '五菱牌LZW6443BAF', type: '小型普通客车', origin: '柳州' },
  { brand: '福田', model: '福田牌BJ1032V5JV3-51', type: '载货汽车', origin: '北京' },
];

export interface Goods {
  spmc: string;
  spbmjc: string;
  spbm: string;
  ggxh: string;
  dw: string;
  /** rate, percentage number */
  sl: string;
  /** unit price range excluding tax, in fen */
  minFen: number;
  maxFen: number;
  /** a service billed as one amount: no quantity, no unit price */
  lumpSum?: boolean;
}

/** Goods and services at the common rates 13, 9, 6, 3 and 1 percent. */
export const GOODS: readonly Goods[] = [
  { spmc: '笔记本电脑', spbmjc: '计算机', spbm: '1090511030000000000', ggxh: 'ThinkPad E14', dw: '台', sl: '13', minFen: 380_000, maxFen: 900_000 },
  { spmc: '激光打印机', spbmjc: '计算机外部设备', spbm: '1090512990000000000', ggxh: 'HP M404dn', dw: '台', sl: '13', minFen: 120_000, maxFen: 300_000 },
  { spmc: 'A4复印纸', spbmjc: '纸制品', spbm: '1060202020000000000', ggxh: '70g 500张/包', dw: '包', sl: '13', minFen: 1_800, maxFen: 3_500 },
  { spmc: '办公椅', spbmjc: '家具', spbm: '1050101010000000000', ggxh: '人体工学', dw: '把', sl: '13', minFen: 30_000, maxFen: 150_000 },
  { spmc: '硒鼓', spbmjc: '计算机外部设备', spbm: '1090512050000000000', ggxh: 'CF228A', dw: '个', sl: '13', minFen: 20_000, maxFen: 60_000 },
  { spmc: '交换机', spbmjc: '通信设备', spbm: '1090601990000000000', ggxh: 'S5735-L24T4S', dw: '台', sl: '13', minFen: 150_000, maxFen: 600_000 },
  { spmc: '大米', spbmjc: '谷物', spbm: '1010101020000000000', ggxh: '25kg/袋', dw: '袋', sl: '9', minFen: 10_000, maxFen: 25_000 },
  { spmc: '食用植物油', spbmjc: '食用植物油', spbm: '1030303010000000000', ggxh: '5L/桶', dw: '桶', sl: '9', minFen: 6_000, maxFen: 15_000 },
  { spmc: '货物运输服务', spbmjc: '运输服务', spbm: '3010102020100000000', ggxh: '', dw: '次', sl: '9', minFen: 50_000, maxFen: 800_000, lumpSum: true },
  { spmc: '办公室租赁', spbmjc: '经营租赁', spbm: '3040502020100000000', ggxh: '', dw: '月', sl: '9', minFen: 800_000, maxFen: 5_000_000, lumpSum: true },
  { spmc: '软件开发服务', spbmjc: '信息技术服务', spbm: '3040201010000000000', ggxh: '', dw: '项', sl: '6', minFen: 500_000, maxFen: 10_000_000, lumpSum: true },
  { spmc: '技术服务费', spbmjc: '信息技术服务', spbm: '3040205000000000000', ggxh: '', dw: '次', sl: '6', minFen: 50_000, maxFen: 2_000_000, lumpSum: true },
  { spmc: '咨询服务费', spbmjc: '鉴证咨询服务', spbm: '3040603000000000000', ggxh: '', dw: '次', sl: '6', minFen: 100_000, maxFen: 3_000_000, lumpSum: true },
  { spmc: '餐饮服务', spbmjc: '餐饮服务', spbm: '3070401000000000000', ggxh: '', dw: '次', sl: '6', minFen: 20_000, maxFen: 400_000, lumpSum: true },
  { spmc: '住宿服务', spbmjc: '住宿服务', spbm: '3070402000000000000', ggxh: '标准间', dw: '间夜', sl: '6', minFen: 30_000, maxFen: 120_000 },
  { spmc: '五金配件', spbmjc: '金属制品', spbm: '1080404990000000000', ggxh: 'M8', dw: '套', sl: '3', minFen: 500, maxFen: 20_000 },
  { spmc: '劳务服务', spbmjc: '劳务', spbm: '3040802000000000000', ggxh: '', dw: '项', sl: '3', minFen: 100_000, maxFen: 1_000_000, lumpSum: true },
  { spmc: '设备维修服务', spbmjc: '修理修配劳务', spbm: '2010000000000000000', ggxh: '', dw: '次', sl: '1', minFen: 20_000, maxFen: 500_000, lumpSum: true },
  { spmc: '打印耗材', spbmjc: '纸制品', spbm: '1060299000000000000', ggxh: '综合', dw: '批', sl: '1', minFen: 5_000, maxFen: 80_000 },
];

/** The toll line's goods: road tolls are levied at 3 percent (simplified) unless exempt. */
export const TOLL_GOODS = { spmc: '通行费', spbmjc: '经营租赁', spbm: '3040502020200000000' } as const;

export const VEHICLE_KINDS: readonly string[] = ['客车', '货车', '专项作业车'];
