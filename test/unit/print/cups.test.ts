/** Parsing lpstat's answers and naming CUPS media (the CUPS port itself prints for real in test/integration/print). */
import { describe, expect, it } from 'vitest';
import { mediaOption, parseLpstat } from '../../../main/features/print/cups.js';

describe('CUPS port helpers', () => {
  it('reads printers, their state, the disabled reason and the default from lpstat -p -d', () => {
    const output = [
      'printer PDF is idle.  enabled since Tue Nov 24 07:55:26 2026',
      'printer Office now printing Office-12.  enabled since Tue Nov 24 08:00:00 2026',
      'printer Epson disabled since Tue Nov 24 08:03:24 2026 -',
      '\tPaper jam',
      'system default destination: Office',
    ].join('\n');
    expect(parseLpstat(output)).toEqual([
      { name: 'PDF', isDefault: false, state: 'idle' },
      { name: 'Office', isDefault: true, state: 'printing' },
      { name: 'Epson', isDefault: false, state: 'stopped', detail: 'Paper jam' },
    ]);
    expect(parseLpstat('no system default destination\n')).toEqual([]);
  });

  it('names the form as a custom media size in mm and A4 as A4', () => {
    expect(mediaOption({ widthMm: 240, heightMm: 140 })).toBe('Custom.240x140mm');
    expect(mediaOption({ widthMm: 210, heightMm: 297 })).toBe('A4');
  });
});
