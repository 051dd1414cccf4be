/**
 * The data layouts of a recognition result (spec endpoint 1, "Recognition result"): one zod schema per
 * layout, field by field as the spec's tables list them, with the XFLX / FPZL code lists they use. Split
 * from ./ocr.ts, which assembles them into the result union and holds the request and answer.
 * Objects are loose and every data field an optional string: see ./ocr.ts for why.
 */
import { z } from 'zod';

/** XFLX: consumption type. */
export const CONSUMPTION_TYPES = [
  '餐饮', '住宿', '交通', '用车', '房租装修', '服务', '数码电器', '水电', '通讯', '邮寄', '医疗', '食品', '教育', '服饰', '办公', '日用', '其他',
] as const;

/** FPZL: kind, only for VAT general roll invoices. */
export const INVOICE_KINDS = [
  'Food&Dining', 'Transport', 'Shopping', 'Bills', 'Services', 'Car', 'Lodging', 'Travel', 'Health_Fitness', 'Education', 'Equipment', 'Shipping', 'Other',
] as const;

export const ConsumptionType = z
  .union([z.enum(CONSUMPTION_TYPES), z.literal('')])
  .optional()
  .describe(`Consumption type (XFLX), max 10: ${CONSUMPTION_TYPES.join(', ')}`);
export const InvoiceKind = z
  .union([z.enum(INVOICE_KINDS), z.literal('')])
  .optional()
  .describe(`Kind (FPZL), max 10; only for VAT general roll invoices: ${INVOICE_KINDS.join(', ')}`);

type FieldSpec = Record<string, readonly [length: number, meaning: string]>;

/** Optional string fields from `{NAME: [length, meaning]}`: one line per spec row, described alike. */
function stringFields<T extends FieldSpec>(spec: T): { [K in keyof T]: z.ZodOptional<z.ZodString> } {
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const [name, [length, meaning]] of Object.entries(spec)) shape[name] = z.string().optional().describe(`${meaning}; max ${length}`);
  return shape as { [K in keyof T]: z.ZodOptional<z.ZodString> };
}

// ---- Layout A: VAT special / general / electronic ------------------------------------------------

const LAYOUT_A_FIELDS = {
  SFCY: [1, 'Whether verified'],
  FPDM: [12, 'Invoice code'],
  FPHM: [10, 'Invoice number'],
  GMFMC: [30, 'Buyer name'],
  GMFSBH: [18, 'Buyer tax ID'],
  GMFDZDH: [50, 'Buyer address and phone'],
  GMFYHZH: [50, 'Buyer bank account'],
  XHFMC: [30, 'Seller name'],
  XHFSBH: [18, 'Seller tax ID'],
  XHFDZDH: [50, 'Seller address and phone'],
  XHFYHZH: [50, 'Seller bank account'],
  KPRQ: [8, 'Issue date'],
  JYM: [20, 'Check code'],
  HJJE: [20, 'Total amount'],
  HJSE: [20, 'Total tax'],
  JSHJ: [20, 'Total including tax'],
  BZ: [50, 'Remark'],
  FWM: [100, 'Anti-forgery code'],
  SKR: [8, 'Payee'],
  FHR: [8, 'Reviewer'],
  KPR: [8, 'Issuer'],
  SFYGSYZ: [1, 'Has company seal'],
  CPYBZ: [1, 'Refined-oil flag'],
  JQBM: [20, 'Machine code'],
  FPSZSHENG: [8, 'Province of the invoice'],
  FPSZSHI: [8, 'City of the invoice'],
  SFDK: [1, 'Issued on behalf'],
  SFSG: [1, 'Purchase'],
  FPLC: [5, 'Number of copies'],
  FPDJL: [5, 'Which copy'],
  JZZXX: [20, 'Supervising-seal information'],
  FPBT: [20, 'Invoice header'],
  JZZMC: [20, 'Supervising-seal name'],
  JDDM: [20, 'Machine-printed code'],
  JDHM: [20, 'Machine-printed number'],
  QKLBZ: [1, 'Blockchain flag (shape default 0)'],
  DZBZ: [50, 'Electronic flag: 1 for electronic special and electronic general machine-printed invoices, otherwise not returned'],
} as const;

export const VatLine = z
  .looseObject(
    stringFields({
      MXXH: [10, 'Line number'],
      HWMC: [20, 'Goods name'],
      GGXH: [20, 'Specification'],
      DW: [20, 'Unit'],
      SPSL: [20, 'Quantity'],
      DJ: [20, 'Unit price'],
      JE: [20, 'Amount'],
      SL: [20, 'Tax rate'],
      SE: [20, 'Tax'],
    }),
  )
  .describe('Recognised invoice line (element of FPMX)');

export const TollLine = z
  .looseObject(
    stringFields({
      MXXH: [10, 'Line number'],
      HWMC: [20, 'Goods name'],
      CPZH: [10, 'Plate'],
      CLLX: [10, 'Vehicle type'],
      TXRQQ: [32, 'Pass date from'],
      TXRQZ: [20, 'Pass date to'],
      JE: [20, 'Amount'],
      SL: [20, 'Tax rate'],
      SE: [20, 'Tax'],
      HJSE: [20, 'Total tax'],
      JDHM: [20, 'Machine-printed number'],
      QKLBZ: [1, 'Blockchain flag'],
    }),
  )
  .describe('Recognised toll-fee invoice line (element of FPMX in layout C)');

export const AttachedInformation = z
  .looseObject(
    stringFields({
      CWFPDM: [30, 'Wrong invoice code'],
      EWM: [50, 'QR code'],
    }),
  )
  .describe('Attached information (FJXX)');

const invoiceCodeError = z
  .string()
  .optional()
  .describe(
    'CWFPDM rule: output only when the printed invoice number differs from the machine-printed one, with the machine-printed number as value',
  );

const { FWM: _fwm, JDDM: _jddm, JDHM: _jdhm, DZBZ: _dzbz, ...LAYOUT_B_FIELDS } = LAYOUT_A_FIELDS;
const SHORT_FWM = { FWM: [50, 'Anti-forgery code'] } as const;

export const LayoutAData = z
  .looseObject({
    ...stringFields(LAYOUT_A_FIELDS),
    XFLX: ConsumptionType,
    FPZL: InvoiceKind,
    FPMX: z.array(VatLine).optional().describe('Invoice lines'),
    FJXX: AttachedInformation.optional(),
    invoiceCodeError,
  })
  .describe('Layout A data: VAT special / general / electronic');

export const LayoutBData = z
  .looseObject({
    ...stringFields({ ...LAYOUT_B_FIELDS, ...SHORT_FWM }),
    XFLX: ConsumptionType,
    FPZL: InvoiceKind,
    FPMX: z.array(VatLine).optional().describe('Invoice lines'),
    FJXX: AttachedInformation.optional(),
    invoiceCodeError,
  })
  .describe('Layout B data: VAT general (roll): layout A without JDDM, JDHM and DZBZ; FWM length 50');

export const LayoutCData = z
  .looseObject({
    ...stringFields({ ...LAYOUT_B_FIELDS, ...SHORT_FWM }),
    XFLX: ConsumptionType,
    FPMX: z.array(TollLine).optional().describe('Toll-fee lines'),
    FJXX: AttachedInformation.optional(),
    invoiceCodeError,
  })
  .describe('Layout C data: toll-fee invoice: layout A without FPZL, JDDM, JDHM and DZBZ; FWM length 50; toll lines');

// ---- Other layouts ------------------------------------------------------------------------------------

const dataOf = (spec: FieldSpec, description: string) => z.looseObject({ ...stringFields(spec), XFLX: ConsumptionType }).describe(description);

export const TaxiData = dataOf(
  {
    FPDM: [12, 'Code'], FPHM: [10, 'Number'], KPRQ: [8, 'Issue date'], SCSJ: [5, 'Boarding time'], XCSJ: [5, 'Alighting time'], LC: [10, 'Mileage'],
    JSHJ: [20, 'Total'], SZD: [10, 'Location'], FPSZSHENG: [10, 'Province'], FPSZSHI: [10, 'City'], CPZH: [10, 'Plate'],
    JZZXX: [20, 'Supervising-seal information'], JZZMC: [20, 'Supervising-seal name'],
  },
  'Taxi layout data',
);

export const TrainData = dataOf(
  {
    PZHM: [12, 'Ticket number'], KPRQ: [12, 'Ride date'], SJ: [10, 'Ride time'], XM: [8, 'Name'], CFZD: [5, 'Departure station'],
    DDZD: [5, 'Arrival station'], CC: [10, 'Train number'], ZWDJ: [20, 'Seat class'], JSHJ: [10, 'Total'], XLH: [10, 'Serial number'], SFZH: [10, 'ID number'],
  },
  'Train ticket layout data',
);

export const MachinePrintedData = dataOf(
  {
    JZZXX: [20, 'Supervising-seal information'], FPBT: [20, 'Invoice header'], FPDM: [12, 'Code'], FPHM: [10, 'Number'], KPRQ: [8, 'Issue date'],
    SJ: [5, 'Time'], JYM: [20, 'Check code'], FPZL: [10, 'Kind'], JSHJ: [20, 'Total'], GMFMC: [30, 'Buyer name'], GMFSBH: [18, 'Buyer tax ID'],
    XHFMC: [30, 'Seller name'], XHFSBH: [18, 'Seller tax ID'], FPSZSHENG: [10, 'Province'], FPSZSHI: [10, 'City'], SFYGSYZ: [1, 'Has company seal'],
    JZZMC: [20, 'Supervising-seal name'],
  },
  'General machine-printed layout data (XFLX max 20 here)',
);

export const QuotaData = dataOf(
  {
    JZZXX: [20, 'Supervising-seal information'], FPDM: [12, 'Code'], FPHM: [10, 'Number'], JSHJ: [20, 'Total'], FPSZSHENG: [10, 'Province'],
    FPSZSHI: [10, 'City'], SFYGSYZ: [1, 'Has company seal'], JZZMC: [20, 'Supervising-seal name'],
  },
  'Quota invoice layout data',
);

export const TollRoadData = dataOf(
  {
    JZZXX: [20, 'Supervising-seal information'], FPBT: [20, 'Invoice header'], FPDM: [12, 'Code'], FPHM: [10, 'Number'], KPRQ: [8, 'Issue date'],
    SJ: [5, 'Time'], RK: [10, 'Entrance'], CK: [10, 'Exit'], JSHJ: [20, 'Total'], JZZMC: [20, 'Supervising-seal name'],
  },
  'Toll road/bridge layout data',
);

export const BusData = dataOf(
  {
    JZZXX: [20, 'Supervising-seal information'], FPBT: [20, 'Invoice header'], FPDM: [12, 'Code'], FPHM: [10, 'Number'], KPRQ: [8, 'Issue date'],
    SJ: [5, 'Time'], CFZD: [10, 'Departure station'], DDZD: [10, 'Arrival station'], JSHJ: [20, 'Total'], XM: [10, 'Name'],
    JZZMC: [20, 'Supervising-seal name'],
  },
  'Bus ticket layout data',
);

export const FlightLeg = z
  .looseObject(
    stringFields({
      CFZD: [10, 'Departure'], DDZD: [10, 'Arrival'], HBH: [8, 'Flight number'], RQ: [8, 'Date'], SJ: [5, 'Time'], ZWDJ: [5, 'Seat class'], CYR: [10, 'Carrier'],
    }),
  )
  .describe('Flight leg (element of FJXC)');

export const AirItineraryData = z
  .looseObject({
    ...stringFields({
      XM: [10, 'Name'], SFZH: [18, 'ID number'], PZHM: [10, 'E-ticket number'], YZM: [6, 'Verification code'], TKRQ: [8, 'Issue date'],
      XSDWDH: [5, 'Sales unit code'], TKDW: [20, 'Issuing unit'], PJ: [10, 'Fare'], MHFZJJ: [10, 'Civil-aviation development fund'],
      RYFJF: [10, 'Fuel surcharge'], QTSF: [10, 'Other taxes'], ZE: [10, 'Total'], BXF: [10, 'Insurance'], GNGJBQ: [10, 'Domestic/international label'],
    }),
    XFLX: ConsumptionType,
    FJXC: z.array(FlightLeg).optional().describe('Flight legs'),
  })
  .describe('Air itinerary layout data');

export const UsedCarData = dataOf(
  {
    JZZXX: [20, 'Supervising-seal information'], FPBT: [20, 'Invoice header'], FPDM: [12, 'Code'], FPHM: [10, 'Number'], KPRQ: [8, 'Issue date'],
    JSHJ: [20, 'Total'], GMFMC: [30, 'Buyer name'], GMFSBH: [18, 'Buyer tax ID'], XHFMC: [30, 'Seller name'], XHFSBH: [18, 'Seller tax ID'],
    ESCSC: [10, 'Market'], ESCNSRSBH: [20, 'Market tax ID'], CPZH: [10, 'Plate'], DJZH: [20, 'Registration certificate number'],
    CLSBH: [10, 'Vehicle identification code'], CPXH: [10, 'Model'], FPSZSHENG: [10, 'Province'], FPSZSHI: [10, 'City'], JZZMC: [20, 'Supervising-seal name'],
  },
  'Used-car sale unified invoice layout data',
);

export const MotorVehicleData = dataOf(
  {
    JZZXX: [20, 'Supervising-seal information'], FPBT: [20, 'Invoice header'], FPDM: [12, 'Code'], FPHM: [10, 'Number'], JQBM: [10, 'Machine code'],
    KPRQ: [8, 'Issue date'], HJJE: [20, 'Total amount'], JSHJ: [20, 'Total'], GMFMC: [30, 'Buyer name'], GMFSBH: [18, 'Buyer tax ID'],
    XHFMC: [30, 'Seller name'], XHFSBH: [18, 'Seller tax ID'], ZGSWJG: [10, 'Competent tax authority'], ZGSWJGDM: [20, 'Competent tax authority code'],
    CLSBH: [10, 'Vehicle identification code'], FDJHM: [20, 'Engine number'], CPXH: [10, 'Model'], HGZH: [10, 'Conformity certificate number'],
    FPSZSHENG: [10, 'Province'], FPSZSHI: [10, 'City'], JQBH: [20, 'Machine number'], JZZMC: [20, 'Supervising-seal name'],
  },
  'Motor vehicle sale unified invoice layout data',
);

export const InternationalReceiptData = dataOf(
  {
    DM: [20, 'Shop name'], KPRQ: [8, 'Date'], SJ: [5, 'Time'], HJJE: [20, 'Total amount'], HJSE: [20, 'Tax'], ZK: [10, 'Discount'], XF: [10, 'Tip'],
    JSHJ: [20, 'Total'], BZ: [10, 'Currency'],
  },
  'International receipt layout data',
);

export const RideTrip = z
  .looseObject(
    stringFields({
      CX: [20, 'Car type'], JE: [10, 'Amount'], LC: [5, 'Mileage'], FPSZSHI: [20, 'City'], CFZD: [10, 'Departure'], DDZD: [10, 'Arrival'], SCSJ: [5, 'Boarding time'],
    }),
  )
  .describe('Ride-hailing trip (element of MX)');

export const RideHailingData = z
  .looseObject({
    ...stringFields({
      KPRQ: [20, 'Application date'], XCKS: [8, 'Trip start time'], XCJS: [8, 'Trip end time'], XCRSJH: [11, 'Rider phone'], JSHJ: [10, 'Total'],
    }),
    XFLX: ConsumptionType,
    MX: z.array(RideTrip).optional().describe('Trips'),
  })
  .describe('Ride-hailing itinerary layout data');

export const TaxPaymentCertificateData = z
  .looseObject(stringFields({ FPHM: [10, 'Number'], JSHJ: [10, 'Total'], GMFSBH: [10, 'Tax ID'], GMFMC: [10, 'Name'], KPRQ: [8, 'Date'] }))
  .describe('Tax payment certificate layout data');

export const ShipData = dataOf(
  {
    FPDM: [12, 'Code'], FPHM: [10, 'Number'], KPRQ: [8, 'Issue date'], SJ: [5, 'Time'],
    // Open point 6: the spec's labels for these four are inconsistent.
    CFZD: [10, 'Departure (label inconsistent in the spec, open point 6)'], DDZD: [10, 'Arrival (label inconsistent in the spec, open point 6)'],
    JSHJ: [10, 'Total (label inconsistent in the spec, open point 6)'], XM: [8, 'Name (label inconsistent in the spec, open point 6)'],
    FPSZSHENG: [10, 'Province'], FPSZSHI: [10, 'City'], BZ: [10, 'Currency'],
  },
  'Ship ticket layout data',
);

export const OtherReimbursableData = dataOf(
  { FPDM: [12, 'Code'], FPHM: [10, 'Number'], JSHJ: [20, 'Total'], FPBT: [20, 'Invoice header'] },
  'Other reimbursable invoice layout data',
);

/** Open point 9: the layouts of FPLXDM 00 and 16 are not shown, so any string-valued data is accepted. */
export const UnshownLayoutData = z.record(z.string(), z.unknown()).describe('Data of a type whose layout the spec does not show (open point 9)');
