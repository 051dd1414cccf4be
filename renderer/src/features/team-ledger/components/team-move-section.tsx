/**
 * Settings → 团队账本 → 迁入团队账本 (docs/team-ledger.md §3): what moving in does, the button (main asks
 * for the confirmation), the rows copied so far, and the outcome in words — what was moved and that the
 * figures matched, or why nothing was (a team ledger already holding rows, a value it cannot take, a count
 * or total that differed, each right the login lacks, by object and privilege). When this desk's ledger was moved before, it says when and where. Test ids:
 * team-move, team-move-progress, team-move-result, team-moved-in.
 */
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../../../shared/ipc/index.js';
import { errorText } from '../../../lib/messages.js';
import { formatDateTime } from '../../../lib/format.js';
import { moveIntoTeamLedger, useTeamLedgerStore } from '../actions.js';
import { missingOf, missingRightsText } from '../missing-rights.js';
import { useRightNeeded, WhyDisabled } from '../../clerks/components/right-tip.js';

/** i18next's typed `t` takes literal keys only; table names arrive from main at run time. */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

/** A refusal's table names (`table`, `tables` a comma list) and missing rights in the clerk's words; other params as they are. */
function worded(error: IpcError, say: DynamicT): IpcError {
  const word = (name: string) => {
    const key = `ledger.team.move.tables.${name.trim()}`;
    const text = say(key);
    return text === key ? name.trim() : text;
  };
  const params = { ...error.params };
  if (typeof params.table === 'string') params.table = word(params.table);
  if (typeof params.tables === 'string') params.tables = params.tables.split(',').map(word).join(say('ledger.team.move.listSeparator'));
  const missing = missingOf(error.details);
  if (missing) params.rights = missingRightsText(missing, say);
  return { ...error, params };
}

export function TeamMoveSection({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  const say = t as unknown as DynamicT;
  const { view, busy, moveProgress, lastMove } = useTeamLedgerStore();
  const moving = busy === 'moving';
  const progress = moveProgress;
  const percent = progress && progress.total > 0 ? Math.floor((progress.moved / progress.total) * 100) : 0;
  const movedIn = view?.movedIn;
  // Why the button is greyed, when it is: the admin's right first, then the settings not saved yet.
  const why = useRightNeeded('teamLedger:moveIn') ?? (saved ? null : t('ledger.team.saveBeforeTest'));

  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 24 }}>
      <Typography.Title level={5}>{t('ledger.team.move.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('ledger.team.move.explain')}</Typography.Paragraph>
      {movedIn && (
        <Alert
          type="info"
          showIcon
          data-testid="team-moved-in"
          message={t('ledger.team.move.movedIn', { at: formatDateTime(movedIn.at), database: movedIn.database, host: movedIn.host, port: movedIn.port })}
        />
      )}
      <WhyDisabled reason={why} testId="team-move">
        <Button onClick={() => void moveIntoTeamLedger()} loading={moving} disabled={why !== null || (busy !== null && !moving)} data-testid="team-move">
          {t('ledger.team.move.start')}
        </Button>
      </WhyDisabled>
      {moving && progress && (
        <Progress
          data-testid="team-move-progress"
          percent={percent}
          status="active"
          format={() =>
            progress.table === null && progress.moved === progress.total && progress.total > 0
              ? t('ledger.team.move.comparing')
              : t('ledger.team.move.progress', { moved: progress.moved, total: progress.total })
          }
        />
      )}
      {lastMove?.ok === true && (
        <Alert
          type="success"
          showIcon
          data-testid="team-move-result"
          message={t('ledger.team.move.done')}
          description={t('ledger.team.move.doneDetail', { total: lastMove.result.total, enterprises: lastMove.result.enterprises })}
        />
      )}
      {lastMove?.ok === false && (
        <Alert
          type={lastMove.error.key === 'ledger.team.move.errors.outcomeUnknown' ? 'warning' : 'error'}
          showIcon
          data-testid="team-move-result"
          // A move whose answer was lost may have happened: its title must not say nothing changed.
          message={lastMove.error.key === 'ledger.team.move.errors.outcomeUnknown' ? t('ledger.team.move.unsure') : t('ledger.team.move.failed')}
          description={errorText(worded(lastMove.error, say))}
        />
      )}
    </Space>
  );
}
