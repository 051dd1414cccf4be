/** The Electron DialogPort over a stand-in `dialog` (Electron's binary is not available on these machines). */
import path from 'node:path';
import type { BaseWindow, MessageBoxOptions, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import { describe, expect, it } from 'vitest';
import { createElectronDialogPort, type SaveDialogLike } from '../../../main/electron/ports.js';

function recordingDialog(answer: SaveDialogReturnValue) {
  const calls: Array<{ parent: BaseWindow | null; options: SaveDialogOptions }> = [];
  const dialog = {
    showSaveDialog: (first: BaseWindow | SaveDialogOptions, second?: SaveDialogOptions) => {
      calls.push(second ? { parent: first as BaseWindow, options: second } : { parent: null, options: first as SaveDialogOptions });
      return Promise.resolve(answer);
    },
  } as SaveDialogLike;
  return { dialog, calls };
}

describe('Electron DialogPort', () => {
  it('suggests the file in the default folder, with the filters, modal to the window', async () => {
    const { dialog, calls } = recordingDialog({ canceled: false, filePath: '/home/clerk/文档/x.xlsx' });
    const window = {} as BaseWindow;
    const port = createElectronDialogPort(dialog, { parent: () => window, defaultDir: () => '/home/clerk/文档' });
    const chosen = await port.chooseSavePath('../../etc/发票历史.xlsx', [{ name: 'Excel 工作簿', extensions: ['xlsx'] }]);
    expect(chosen).toBe('/home/clerk/文档/x.xlsx');
    expect(calls[0]?.parent).toBe(window);
    expect(calls[0]?.options.defaultPath).toBe(path.join('/home/clerk/文档', '发票历史.xlsx'));
    expect(calls[0]?.options.filters).toEqual([{ name: 'Excel 工作簿', extensions: ['xlsx'] }]);
  });

  it('answers null when the clerk cancels, and works without a window', async () => {
    const { dialog, calls } = recordingDialog({ canceled: true, filePath: '' });
    const port = createElectronDialogPort(dialog, { parent: () => null, defaultDir: () => '/tmp' });
    expect(await port.chooseSavePath('a.csv', [])).toBeNull();
    expect(calls[0]?.parent).toBeNull();
  });
});

describe('Electron DialogPort confirm (main-process question)', () => {
  function boxDialog(response: number) {
    const calls: Array<{ parent: BaseWindow | null; options: MessageBoxOptions }> = [];
    const dialog = {
      showMessageBox: (first: BaseWindow | MessageBoxOptions, second?: MessageBoxOptions) => {
        calls.push(second ? { parent: first as BaseWindow, options: second } : { parent: null, options: first as MessageBoxOptions });
        return Promise.resolve({ response, checkboxChecked: false });
      },
    } as unknown as SaveDialogLike;
    return { dialog, calls };
  }
  const question = { title: '更改开票服务', message: '确定更改吗？', detail: '新地址：https://fp.example.com', confirmLabel: '确认更改' };

  it('says yes only when the clerk pressed the confirm button; Cancel is the default', async () => {
    const window = {} as BaseWindow;
    const yes = boxDialog(1);
    expect(await createElectronDialogPort(yes.dialog, { parent: () => window, defaultDir: () => '/tmp' }).confirm!(question)).toBe(true);
    expect(yes.calls[0]).toMatchObject({ parent: window, options: { buttons: ['取消', '确认更改'], defaultId: 0, cancelId: 0, detail: question.detail } });
    const no = boxDialog(0);
    expect(await createElectronDialogPort(no.dialog, { parent: () => null, defaultDir: () => '/tmp' }).confirm!(question)).toBe(false);
  });

  it('words its own Cancel button in the UI language', async () => {
    let language: 'zh' | 'en' = 'en';
    const box = boxDialog(0);
    const port = createElectronDialogPort(box.dialog, { parent: () => null, defaultDir: () => '/tmp', language: () => language });
    await port.confirm!({ ...question, confirmLabel: 'Change' });
    language = 'zh';
    await port.confirm!(question);
    expect(box.calls.map((call) => call.options.buttons)).toEqual([
      ['Cancel', 'Change'],
      ['取消', '确认更改'],
    ]);
  });
});
