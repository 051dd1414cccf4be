/**
 * The values the synthetic kind fixtures carry (test/fixtures/intake/kinds, written by
 * make-kind-fixtures.ts), and the 数电 tickets' data as their issuers write it, built from the formats' structure (no public railway
 * e-ticket OFD/PDF or airline itinerary file exists to copy): the Ministry of Finance's XBRL instances
 * (会计数据标准; `rai` taxonomy for the railway e-ticket, `atr` for the airline itinerary) that a ticket's
 * OFD carries in `Doc_0/Attachs/` and its PDF as an embedded file, and the railway e-ticket's six-field QR
 * payload. Element names follow the published taxonomies; values are invented.
 */

export const RAILWAY = {
  fphm: '24119110000001234567',
  kprq: '20241120',
  fpje: '507.34',
  fpse: '45.66',
  jshj: '553.00',
  gmfsbh: '91310000MA1FL8XQ5D',
  gmfmc: '上海演示科技有限公司',
  /** The QR's check field; not an invoice check code. */
  check: 'a3f1',
} as const;

export const AIR = {
  fphm: '25138836112000777382',
  kprq: '20250704',
  fare: '550.46',
  fuel: '9.17',
  fpse: '49.54',
  fund: '50.00',
  jshj: '610.46',
  gmfsbh: '91110000000000001A',
  gmfmc: '北京演示采购有限公司',
} as const;

const dashed = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`;

/** The railway e-ticket's QR: `01,<type>,<20-digit number>,<amount excl. VAT>,<yyyyMMdd>,<check>` (six fields, no code). */
export const railwayQrPayload = (ticket: { fphm: string; fpje: string; kprq: string; check: string } = RAILWAY) => `01,10,${ticket.fphm},${ticket.fpje},${ticket.kprq},${ticket.check}`;

/** The railway e-ticket's XBRL instance (rai taxonomy), as its OFD and PDF carry it. */
export function railwayXbrl(): string {
  const day = dashed(RAILWAY.kprq);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<xbrl xmlns="http://www.xbrl.org/2003/instance" xmlns:rai="http://xbrl.mof.gov.cn/taxonomy/2021-11-30/rai" xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:xlink="http://www.w3.org/1999/xlink">
  <link:schemaRef xlink:type="simple" xlink:href="rai_issuer_entry_point_2021-11-30.xsd"/>
  <context id="c1"><entity><identifier scheme="http://xbrl.mof.gov.cn">${RAILWAY.fphm}</identifier></entity><period><instant>${day}</instant></period></context>
  <unit id="u1"><measure>iso4217:CNY</measure></unit>
  <rai:TypeOfVoucher contextRef="c1"><![CDATA[电子发票（铁路电子客票）]]></rai:TypeOfVoucher>
  <rai:ElectronicInvoiceRailwayETicketNumber contextRef="c1">${RAILWAY.fphm}</rai:ElectronicInvoiceRailwayETicketNumber>
  <rai:DateOfIssue contextRef="c1">${day}</rai:DateOfIssue>
  <rai:TypeOfBusiness contextRef="c1"><![CDATA[售]]></rai:TypeOfBusiness>
  <rai:DepartureStation contextRef="c1"><![CDATA[北京南]]></rai:DepartureStation>
  <rai:DestinationStation contextRef="c1"><![CDATA[上海虹桥]]></rai:DestinationStation>
  <rai:TrainNumber contextRef="c1">G1</rai:TrainNumber>
  <rai:TravelDate contextRef="c1">2024-12-01</rai:TravelDate>
  <rai:DepartureTime contextRef="c1">08:00</rai:DepartureTime>
  <rai:SeatLevel contextRef="c1"><![CDATA[二等座]]></rai:SeatLevel>
  <rai:Fare contextRef="c1" unitRef="u1" decimals="2">${RAILWAY.jshj}</rai:Fare>
  <rai:Name contextRef="c1"><![CDATA[张三]]></rai:Name>
  <rai:TotalAmountExcludingTax contextRef="c1" unitRef="u1" decimals="2">${RAILWAY.fpje}</rai:TotalAmountExcludingTax>
  <rai:TaxRate contextRef="c1">0.09</rai:TaxRate>
  <rai:TaxAmount contextRef="c1" unitRef="u1" decimals="2">${RAILWAY.fpse}</rai:TaxAmount>
  <rai:NameOfPurchaser contextRef="c1"><![CDATA[${RAILWAY.gmfmc}]]></rai:NameOfPurchaser>
  <rai:UnifiedSocialCreditCodeOfPurchaser contextRef="c1">${RAILWAY.gmfsbh}</rai:UnifiedSocialCreditCodeOfPurchaser>
  <rai:IssueParty contextRef="c1"></rai:IssueParty>
</xbrl>`;
}

/** The airline itinerary's XBRL instance (atr taxonomy). */
export function airXbrl(): string {
  const day = dashed(AIR.kprq);
  return `<?xml version="1.0" encoding="UTF-8"?>
<xbrl xmlns="http://www.xbrl.org/2003/instance" xmlns:atr="http://xbrl.mof.gov.cn/taxonomy/2023-12-31/atr" xmlns:iso4217="http://www.xbrl.org/2003/iso4217">
  <context id="c1"><entity><identifier scheme="http://xbrl.mof.gov.cn">${AIR.fphm}</identifier></entity><period><instant>${day}</instant></period></context>
  <unit id="u1"><measure>iso4217:CNY</measure></unit>
  <atr:ElectronicInvoiceAirTransportReceiptNumber contextRef="c1">${AIR.fphm}</atr:ElectronicInvoiceAirTransportReceiptNumber>
  <atr:IssueDate contextRef="c1">${day}</atr:IssueDate>
  <atr:PassengerName contextRef="c1">测试旅客</atr:PassengerName>
  <atr:ETicketNumber contextRef="c1">7812345678901</atr:ETicketNumber>
  <atr:DetailInformationOfAirTicketTuple><atr:Flight contextRef="c1">CA1234</atr:Flight><atr:CarrierDate contextRef="c1">2025-07-05</atr:CarrierDate></atr:DetailInformationOfAirTicketTuple>
  <atr:Fare contextRef="c1" unitRef="u1" decimals="2">${AIR.fare}</atr:Fare>
  <atr:FuelSurcharge contextRef="c1" unitRef="u1" decimals="2">${AIR.fuel}</atr:FuelSurcharge>
  <atr:VatRate contextRef="c1">0.09</atr:VatRate>
  <atr:VatTaxAmount contextRef="c1" unitRef="u1" decimals="2">${AIR.fpse}</atr:VatTaxAmount>
  <atr:CivilAviationDevelopmentFund contextRef="c1" unitRef="u1" decimals="2">${AIR.fund}</atr:CivilAviationDevelopmentFund>
  <atr:OtherTaxes contextRef="c1" unitRef="u1" decimals="2">0.00</atr:OtherTaxes>
  <atr:TotalAmount contextRef="c1" unitRef="u1" decimals="2">${AIR.jshj}</atr:TotalAmount>
  <atr:NameOfSeller contextRef="c1">演示航空服务有限公司</atr:NameOfSeller>
  <atr:IssueParty contextRef="c1">演示航空服务有限公司</atr:IssueParty>
  <atr:NameOfPurchaser contextRef="c1">${AIR.gmfmc}</atr:NameOfPurchaser>
  <atr:UnifiedSocialCreditCodeOfPurchaser contextRef="c1">${AIR.gmfsbh}</atr:UnifiedSocialCreditCodeOfPurchaser>
</xbrl>`;
}

/** A 数电 ride-hailing invoice whose text layer places its tax IDs and amounts one character at a time. */
export const SPACED = {
  fphm: '25317000002856380001',
  kprq: '20251108',
  fpje: '26.53',
  fpse: '0.80',
  jshj: '27.33',
  gmfsbh: '91420100MA7HTDC99N',
  gmfmc: '武汉演示科技有限公司',
  xhfsbh: '91411103MA9KDP5M2E',
  xhfmc: '演示出行科技有限公司',
} as const;
export const spacedQrPayload = () => `01,32,,${SPACED.fphm},${SPACED.jshj},${SPACED.kprq},,3C1F`;

/** A toll invoice (收费公路通行费增值税电子普通发票), verification kind 14. */
export const TOLL = {
  fpdm: '033002300111',
  fphm: '40123456',
  kprq: '20240302',
  jym: '12345678901234567890',
  fpje: '9.52',
  fpse: '0.29',
  jshj: '9.81',
  gmfsbh: '91330100MA27XYZ12B',
  gmfmc: '杭州演示物流有限公司',
  xhfsbh: '913300007109250000',
  xhfmc: '浙江演示高速公路股份有限公司',
  /** Each pass: amount, tax, pass date. */
  lines: [['4.76', '0.14', '20240301'], ['4.76', '0.15', '20240302']],
} as const;
export const tollQrPayload = () => `01,14,${TOLL.fpdm},${TOLL.fphm},${TOLL.fpje},${TOLL.kprq},${TOLL.jym},5E2A,`;
