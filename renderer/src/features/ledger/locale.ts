/** Texts of the ledger guard: the recovery screen and the "data and backups" card in settings; the team ledger's card (`team`). */
import { teamLedgerEn, teamLedgerZh } from '../team-ledger/locale.js';

export const ledgerZh = {
  recovery: {
    title: '开票记录需要恢复',
    missing: '数据文件夹中找不到开票记录数据库（history.db），但这台电脑上曾经创建过它。可能被删除、移动，或数据文件夹换了位置。',
    empty: '开票记录数据库（history.db）是空的，但这台电脑上曾经有过开票记录。为避免在空数据库上继续开票、丢失全部记录，程序已停止。',
    damaged: '开票记录数据库（history.db）已损坏。为保护数据，程序已停止写入。',
    'folder-missing': '找不到数据文件夹。它可能所在的移动硬盘或网络盘已断开，或文件夹被移动、删除。程序没有在原位置新建空的开票记录。',
    'read-only': '数据文件夹是只读的，无法保存任何数据。可能是文件夹权限被更改，或所在磁盘被设为只读。',
    'disk-full': '数据文件夹所在的磁盘已满，开票记录数据库无法打开。',
    locked: '开票记录数据库正被另一个程序占用（可能同时打开了两个发票工作台，或备份软件正在读取它）。',
    retryTitle: '处理后重试（推荐）',
    retryHint: '请先重新连接磁盘、恢复文件夹的写入权限、清理磁盘空间或关闭占用它的程序，然后重试。数据文件夹：{{dir}}',
    retry: '重试',
    retryFirst: '数据文件夹目前不可用：请先处理后点“重试”，或打开另一个数据文件夹。',
    safe: '在恢复之前不会开票，也不会写入任何数据。',
    detail: '技术细节',
    restoreTitle: '从备份恢复（推荐）',
    restoreNewest: '最近的完好备份：{{when}}（{{kind}}）',
    noBackup: '在备份文件夹中没有找到完好的备份：{{dir}}',
    restore: '从这个备份恢复',
    openFolderTitle: '打开另一个数据文件夹',
    openFolderHint: '如果数据在别的位置（例如移动硬盘或换过的文件夹），请选择那个文件夹。',
    openFolder: '选择数据文件夹…',
    freshTitle: '重新开始（清空开票记录）',
    freshHint: '只有在确认不再需要以前的开票记录时才这样做。原文件会改名保留，不会删除。请输入“{{word}}”确认：',
    freshWord: '重新开始',
    fresh: '重新开始',
    keptAside: '原数据库文件会改名保留在数据文件夹中，不会被删除。',
  },
  data: {
    title: '数据与备份',
    dataDir: '数据文件夹',
    backupDir: '备份文件夹',
    lastBackup: '最近备份',
    never: '尚无备份',
    backupNow: '立即备份',
    check: '检查数据库完整性',
    chooseFolder: '更改备份文件夹…',
    backups: '备份',
    restore: '恢复',
    checkOk: '数据库完整，未发现问题',
    restored: '已从备份恢复（{{createdAt}}，{{name}}），各页面已显示恢复后的数据',
    backedUp: '已备份',
    policy: '每天自动备份一次、每次升级数据库前备份一次；保留最近 7 天每天一份和之前 4 周每周一份。',
    kinds: { daily: '每日', manual: '手动', 'pre-migration': '升级前', 'before-restore': '恢复前' },
  },
  team: teamLedgerZh,
};

export const ledgerEn: typeof ledgerZh = {
  recovery: {
    title: 'Your invoice history needs recovery',
    missing: 'The invoice history database (history.db) is missing from the data folder, although one was created on this computer. It may have been deleted or moved, or the data folder changed.',
    empty: 'The invoice history database (history.db) is empty, although this computer had an invoice history. The app stopped so that issuing does not carry on over an empty database and lose every record.',
    damaged: 'The invoice history database (history.db) is damaged. The app stopped writing to protect your data.',
    'folder-missing': 'The data folder cannot be found. The removable or network drive it is on may be disconnected, or the folder was moved or deleted. The app did not create a new, empty history in its place.',
    'read-only': 'The data folder is read-only, so nothing can be saved. Its permissions may have changed, or its drive was made read-only.',
    'disk-full': 'The drive of the data folder is full, so the invoice history database cannot be opened.',
    locked: 'The invoice history database is in use by another program (perhaps a second Fapiao Desk window, or backup software reading it).',
    retryTitle: 'Fix it, then retry (recommended)',
    retryHint: 'Reconnect the drive, give the folder back its write permission, free some space or close the other program, then retry. Data folder: {{dir}}',
    retry: 'Retry',
    retryFirst: 'The data folder cannot be used right now: fix it and press Retry, or open another data folder.',
    safe: 'Nothing is issued and nothing is written until you choose below.',
    detail: 'Technical details',
    restoreTitle: 'Restore from a backup (recommended)',
    restoreNewest: 'Newest good backup: {{when}} ({{kind}})',
    noBackup: 'No good backup was found in the backup folder: {{dir}}',
    restore: 'Restore this backup',
    openFolderTitle: 'Open another data folder',
    openFolderHint: 'If your data is somewhere else (a removable drive, a moved folder), choose that folder.',
    openFolder: 'Choose data folder...',
    freshTitle: 'Start fresh (empty invoice history)',
    freshHint: 'Only do this if you are sure the old invoice history is not needed. The old file is renamed and kept, not deleted. Type "{{word}}" to confirm:',
    freshWord: 'START FRESH',
    fresh: 'Start fresh',
    keptAside: 'The old database file is renamed and kept in the data folder, never deleted.',
  },
  data: {
    title: 'Data and backups',
    dataDir: 'Data folder',
    backupDir: 'Backup folder',
    lastBackup: 'Last backup',
    never: 'No backup yet',
    backupNow: 'Back up now',
    check: 'Check database integrity',
    chooseFolder: 'Change backup folder...',
    backups: 'Backups',
    restore: 'Restore',
    checkOk: 'The database is intact',
    restored: 'Restored from the backup of {{createdAt}} ({{name}}); every page now shows the restored data',
    backedUp: 'Backed up',
    policy: 'Backed up automatically once a day and before every database upgrade; the last 7 days and 4 weeks before them are kept.',
    kinds: { daily: 'daily', manual: 'manual', 'pre-migration': 'before upgrade', 'before-restore': 'before restore' },
  },
  team: teamLedgerEn,
};

/** The ledger guard's error sentences (`errors.ledger.*`). */
export const ledgerErrorsZh = {
  inRecovery: '数据库需要恢复，恢复前不能开票或修改数据',
  noBackupInRecovery: '数据库需要恢复，当前无法备份',
  backupNotFound: '未找到这个备份',
  backupDamaged: '这个备份本身已损坏，请选择更早的备份',
  restoreCancelled: '已取消恢复，数据未变',
  databaseHealthy: '数据库正常，无需重新开始',
  typeConfirmation: '请输入“{{zh}}”确认',
  noFolderDialog: '当前环境无法选择文件夹',
  folderHasNoData: '这个文件夹中没有发票工作台的数据（history.db）',
  folderNeedsRecovery: '这个文件夹中的数据库也需要恢复',
};

/** Titles of the team desk's error codes (`errors.<CODE>`, shared/ipc/result.ts). */
export const ledgerCodesZh = {
  // Also a connection that dropped mid-call and is back already: the title must hold for both.
  TEAM_LEDGER_UNREACHABLE: '与团队账本的连接中断',
};

/** The ledger guard's error sentences (`errors.ledger.*`). */
export const ledgerErrorsEn: typeof ledgerErrorsZh = {
  inRecovery: 'The database needs recovery; nothing can be issued or changed until it is recovered',
  noBackupInRecovery: 'The database needs recovery, so no backup can be taken now',
  backupNotFound: 'This backup was not found',
  backupDamaged: 'This backup is itself damaged; choose an earlier one',
  restoreCancelled: 'The restore was cancelled; nothing changed',
  databaseHealthy: 'The database is fine; there is no need to start fresh',
  typeConfirmation: 'Type "{{en}}" to confirm',
  noFolderDialog: 'This way of running the app cannot choose a folder',
  folderHasNoData: 'This folder holds no Fapiao Desk data (history.db)',
  folderNeedsRecovery: 'The database in this folder needs recovery too',
};

/** Titles of the team desk's error codes (`errors.<CODE>`, shared/ipc/result.ts). */
export const ledgerCodesEn: typeof ledgerCodesZh = {
  TEAM_LEDGER_UNREACHABLE: 'Connection to the team ledger lost',
};
