/**
 * 特定业务信息 (tdywxx) for digital-electronic invoices of tspz 53/54/55/56/59: one sub-form per member,
 * with the member's wire names as the field paths (specificBusiness.hwysfw.0.ddd) so the rule book's
 * address, date, class and required-field issues show on the exact field.
 */
import { Button, Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SPECIFIC_BUSINESS_LABELS } from '../../../../../shared/rules/issuance-form/labels.js';
import {
  AREA_UNITS,
  CROSS_CITY_FLAGS,
  FREIGHT_VEHICLE_KINDS,
  PASSENGER_VEHICLE_TYPES,
  TRAVEL_CLASSES,
  TRAVELLER_DOCUMENT_TYPES,
  type PassengerVehicleType,
} from '../../../../../shared/spec/codes.js';
import { activeMember, emptyFreight, emptyPassenger, type FormValues, type SpecificBusinessForm } from '../draft.js';
import { usePathIssues } from '../check-store.js';
import { Field } from './field.js';

type Member = keyof SpecificBusinessForm;

/** Field labels are the spec's Chinese names (shared with the rule messages, so both say the same). */
const label = (field: string): string => SPECIFIC_BUSINESS_LABELS[field] ?? field;

function TextField({ member, field, index, span = 6, placeholder }: { member: Member; field: string; index?: number; span?: number; placeholder?: string }) {
  const path = ['specificBusiness', member, ...(index === undefined ? [] : [String(index)]), field].join('.');
  return (
    <Col span={span}>
      <Field path={path} label={label(field)}>
        <Input data-testid={path.replaceAll('.', '-')} placeholder={placeholder} autoComplete="off" />
      </Field>
    </Col>
  );
}

function CodeField({ member, field, index, span = 6, options }: { member: Member; field: string; index?: number; span?: number; options: { value: string; label: string }[] }) {
  const path = ['specificBusiness', member, ...(index === undefined ? [] : [String(index)]), field].join('.');
  return (
    <Col span={span}>
      <Field path={path} label={label(field)}>
        <Select data-testid={path.replaceAll('.', '-')} options={options} showSearch={{ optionFilterProp: 'label' }} />
      </Field>
    </Col>
  );
}

function useCodes() {
  const { t } = useTranslation();
  const codesOf = <T extends object>(table: T) => Object.keys(table) as (keyof T & string)[];
  // Words only: the code is the value sent, never what the clerk reads.
  const option = (code: string, text: string) => ({ value: code, label: text });
  return {
    vehicleKinds: codesOf(FREIGHT_VEHICLE_KINDS).map((code) => option(code, t(`issuanceForm.vehicleKinds.${code}`))),
    passengerVehicles: codesOf(PASSENGER_VEHICLE_TYPES).map((code) => option(code, t(`issuanceForm.passengerVehicles.${code}`))),
    crossCity: codesOf(CROSS_CITY_FLAGS).map((code) => option(code, t(`issuanceForm.crossCity.${code}`))),
    areaUnits: codesOf(AREA_UNITS).map((code) => option(code, t(`issuanceForm.areaUnits.${code}`))),
    documents: codesOf(TRAVELLER_DOCUMENT_TYPES).map((code) => option(code, t(`issuanceForm.documentTypes.${code}`))),
  };
}

function ListMember({ member, render, empty }: { member: 'hwysfw' | 'lkysfw'; render(index: number): React.ReactNode; empty(): object }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<FormValues>();
  const rows = (Form.useWatch(['specificBusiness', member], { form, preserve: true }) as object[] | undefined) ?? [];
  const listIssues = usePathIssues(`specificBusiness.${member}`);
  const set = (next: object[]) => form.setFieldValue(['specificBusiness', member], next);
  return (
    <>
      {rows.map((_, index) => (
        <Card
          key={index}
          size="small"
          type="inner"
          style={{ marginBottom: 8 }}
          title={t('issuanceForm.rowNo', { index: index + 1 })}
          extra={
            <Button type="link" danger size="small" disabled={rows.length <= 1} onClick={() => set(rows.filter((__, i) => i !== index))}>
              {t('issuanceForm.removeRow')}
            </Button>
          }
          data-testid={`${member}-row-${index}`}
        >
          <Row gutter={12}>{render(index)}</Row>
        </Card>
      ))}
      {listIssues.errors.map((message) => (
        <Typography.Text type="danger" key={message} data-testid={`error-specificBusiness.${member}`}>
          {message}
        </Typography.Text>
      ))}
      <Button type="dashed" block data-testid={`${member}-add`} onClick={() => set([...rows, empty()])}>
        + {t('issuanceForm.addRow')}
      </Button>
    </>
  );
}

function PassengerRow({ index }: { index: number }) {
  const codes = useCodes();
  const form = Form.useFormInstance<FormValues>();
  const vehicle = Form.useWatch(['specificBusiness', 'lkysfw', index, 'jtgjlx'], { form, preserve: true }) as PassengerVehicleType | undefined;
  const classes = vehicle === undefined ? undefined : TRAVEL_CLASSES[vehicle];
  const m = 'lkysfw';
  return (
    <>
      <TextField member={m} field="cxr" index={index} span={4} />
      <CodeField member={m} field="cxrzjlx" index={index} span={4} options={codes.documents} />
      <TextField member={m} field="cxrzjhm" index={index} span={6} />
      <TextField member={m} field="cxrq" index={index} span={4} placeholder="yyyy-MM-dd" />
      <CodeField member={m} field="jtgjlx" index={index} span={6} options={codes.passengerVehicles} />
      <TextField member={m} field="cfd" index={index} span={8} />
      <TextField member={m} field="ddd" index={index} span={8} />
      {classes ? (
        <CodeField member={m} field="dengj" index={index} span={8} options={classes.map((value) => ({ value, label: value }))} />
      ) : (
        <TextField member={m} field="dengj" index={index} span={8} />
      )}
    </>
  );
}

export function SpecificBusinessSection() {
  const { t } = useTranslation();
  const codes = useCodes();
  const form = Form.useFormInstance<FormValues>();
  const member = activeMember(Form.useWatch('invoiceType', { form, preserve: true }), Form.useWatch('specialKind', { form, preserve: true }));
  if (member === undefined) return null;
  const estate = (m: 'bdcxsfw' | 'bdcjyzlfw') => (
    <>
      <TextField member={m} field="bdcdz" span={8} placeholder="浙江省杭州市" />
      <TextField member={m} field="bdcxxdz" span={10} placeholder="西湖区文三路90号" />
      <TextField member={m} field="fwcqzshm" span={6} />
      <CodeField member={m} field="kdsbz" span={4} options={codes.crossCity} />
      <CodeField member={m} field="mjdw" span={4} options={codes.areaUnits} />
    </>
  );
  const title = { jzfw: 'construction', hwysfw: 'freight', bdcxsfw: 'realEstateSale', bdcjyzlfw: 'lease', lkysfw: 'passengers' } as const;
  return (
    <Card size="small" title={`${t('issuanceForm.specificBusiness')} · ${t(`issuanceForm.${title[member]}`)}`} style={{ marginTop: 16 }} data-testid="specific-business">
      {member === 'jzfw' && (
        <Row gutter={12}>
          <TextField member="jzfw" field="jzfwfsd" span={8} placeholder="浙江省杭州市" />
          <TextField member="jzfw" field="fsdxxdz" span={10} placeholder="西湖区文三路90号" />
          <CodeField member="jzfw" field="kdsbz" span={6} options={codes.crossCity} />
          <TextField member="jzfw" field="jzxmmc" span={8} />
          <TextField member="jzfw" field="tdzzsxmbh" span={6} />
          <TextField member="jzfw" field="kqysssxbgglbm" span={10} />
        </Row>
      )}
      {member === 'hwysfw' && (
        <ListMember
          member="hwysfw"
          empty={emptyFreight}
          render={(index) => (
            <>
              <TextField member="hwysfw" field="qyd" index={index} span={6} />
              <TextField member="hwysfw" field="ddd" index={index} span={6} />
              <CodeField member="hwysfw" field="ysgjzl" index={index} span={4} options={codes.vehicleKinds} />
              <TextField member="hwysfw" field="ysgjhp" index={index} span={4} />
              <TextField member="hwysfw" field="yshwmc" index={index} span={4} />
            </>
          )}
        />
      )}
      {member === 'bdcxsfw' && (
        <Row gutter={12}>
          {estate('bdcxsfw')}
          <TextField member="bdcxsfw" field="wqhtbabh" span={6} />
          <TextField member="bdcxsfw" field="tdzzsxmbh" span={6} />
          <TextField member="bdcxsfw" field="hdjsjg" span={6} />
          <TextField member="bdcxsfw" field="sjcjhsje" span={6} />
        </Row>
      )}
      {member === 'bdcjyzlfw' && (
        <Row gutter={12}>
          {estate('bdcjyzlfw')}
          <TextField member="bdcjyzlfw" field="zlqq" span={6} placeholder="yyyy-MM-dd HH:mm" />
          <TextField member="bdcjyzlfw" field="zlqz" span={6} placeholder="yyyy-MM-dd HH:mm" />
          <TextField member="bdcjyzlfw" field="cph" span={4} />
        </Row>
      )}
      {member === 'lkysfw' && <ListMember member="lkysfw" empty={emptyPassenger} render={(index) => <PassengerRow index={index} />} />}
    </Card>
  );
}
