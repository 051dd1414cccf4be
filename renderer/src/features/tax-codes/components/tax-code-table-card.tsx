/**
 * Settings card of the tax classification code table: which version is in use (shipped or imported, so the
 * clerk can tell an outdated table) and importing a newer one from a CSV file.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaxCodeTableInfo } from '../../../../../shared/ipc/schemas/tax-codes.js';
import { importTaxCodes, loadTaxCodeInfo } from '../actions.js';
import { useRightNeeded, WhyDisabled } from '../../clerks/components/right-tip.js';

export function TaxCodeTableCard() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<TaxCodeTableInfo | null>(null);
  const [version, setVersion] = useState('');
  const [busy, setBusy] = useState(false);
  // Importing a table is an admin's (shared/ipc/rights.ts): for anyone else greyed, saying so.
  const adminNeeded = useRightNeeded('taxCodes:import');
  useEffect(() => {
    void loadTaxCodeInfo().then(setInfo);
  }, []);

  const runImport = async () => {
    setBusy(true);
    const next = await importTaxCodes(version.trim());
    setBusy(false);
    if (next) {
      setInfo(next);
      setVersion('');
    }
  };

  return (
    <Card title={t('taxCodes.tableTitle')} size="small" data-testid="tax-code-table">
      {info && (
        <Typography.Paragraph data-testid="tax-code-version">
          {t('taxCodes.tableVersion', { version: info.version, origin: t(`taxCodes.origin.${info.origin}`), usable: info.usable })}
          {info.importedAt ? ` · ${t('taxCodes.importedAt', { at: info.importedAt.slice(0, 10) })}` : ''}
        </Typography.Paragraph>
      )}
      <Space>
        <Input
          style={{ width: 140 }}
          placeholder={t('taxCodes.importVersion')}
          aria-label={t('taxCodes.importVersion')}
          data-testid="tax-code-import-version"
          value={version}
          disabled={adminNeeded !== null}
          maxLength={20}
          onChange={(event) => setVersion(event.target.value)}
        />
        <WhyDisabled reason={adminNeeded} testId="tax-code-import">
          <Button data-testid="tax-code-import" disabled={version.trim() === '' || adminNeeded !== null} loading={busy} onClick={() => void runImport()}>
            {t('taxCodes.importButton')}
          </Button>
        </WhyDisabled>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('taxCodes.importHint')}
      </Typography.Paragraph>
    </Card>
  );
}
