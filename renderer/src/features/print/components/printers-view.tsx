/**
 * 打印机与校准: the machine's printers with their state, and per printer the calibration offsets (down /
 * right in mm, 0.1 mm steps, ±20 mm) and the calibration page (rulers and cross-hairs) to measure them,
 * and the form edition of the paper it holds (航信 or 百望: where 机器编号 and 校验码 go), saved together.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, InputNumber, List, Radio, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadCalibration, loadPrinters, printCalibrationPage, saveCalibration } from '../actions.js';
import { usePrintStore, type PrinterEntry } from '../store.js';

function PrinterCalibration({ printer }: { printer: PrinterEntry }) {
  const { t } = useTranslation();
  const [down, setDown] = useState<number>(0);
  const [right, setRight] = useState<number>(0);
  const [edition, setEdition] = useState<'hx' | 'bw'>('hx');
  useEffect(() => {
    void loadCalibration(printer.name).then((value) => {
      if (!value) return;
      setDown(value.downMm);
      setRight(value.rightMm);
      setEdition(value.edition);
    });
  }, [printer.name]);
  const id = printer.name.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <List.Item data-testid={`printer-${id}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Typography.Text strong>{printer.name}</Typography.Text>
          {printer.isDefault && <Tag>{t('print.defaultPrinter')}</Tag>}
          <Tag color={printer.state === 'stopped' ? 'error' : 'success'}>{t(`print.printerState.${printer.state}`)}</Tag>
          {printer.detail && <Typography.Text type="secondary">{printer.detail}</Typography.Text>}
        </Space>
        <Space wrap>
          <Typography.Text>{t('print.down')}</Typography.Text>
          <InputNumber min={-20} max={20} step={0.1} precision={1} value={down} onChange={(v) => setDown(v ?? 0)} data-testid={`calibration-down-${id}`} />
          <Typography.Text>{t('print.right')}</Typography.Text>
          <InputNumber min={-20} max={20} step={0.1} precision={1} value={right} onChange={(v) => setRight(v ?? 0)} data-testid={`calibration-right-${id}`} />
          <Button type="primary" onClick={() => void saveCalibration(printer.name, down, right, edition)} data-testid={`calibration-save-${id}`}>
            {t('print.saveCalibration')}
          </Button>
          <Button onClick={() => void printCalibrationPage(printer.name)} data-testid={`calibration-page-${id}`}>
            {t('print.calibrationPage')}
          </Button>
        </Space>
        <Space wrap>
          <Typography.Text>{t('print.formEdition')}</Typography.Text>
          <Radio.Group value={edition} onChange={(e) => setEdition(e.target.value as 'hx' | 'bw')} data-testid={`calibration-edition-${id}`}>
            <Radio value="hx">{t('print.editions.hx')}</Radio>
            <Radio value="bw">{t('print.editions.bw')}</Radio>
          </Radio.Group>
        </Space>
      </Space>
    </List.Item>
  );
}

export function PrintersView() {
  const { t } = useTranslation();
  const printers = usePrintStore((s) => s.printers);
  const backend = usePrintStore((s) => s.backend);
  useEffect(() => void loadPrinters(), []);
  return (
    <Card title={t('print.calibration')} data-testid="printers-view">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('print.calibrationHelp')}</Typography.Paragraph>
        {backend === 'none' && <Alert type="warning" title={t('print.noPrinterBackend')} />}
        <List dataSource={printers} rowKey="name" renderItem={(printer) => <PrinterCalibration printer={printer} />} locale={{ emptyText: t('print.noPrinters') }} />
      </Space>
    </Card>
  );
}
