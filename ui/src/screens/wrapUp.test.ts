// @vitest-environment happy-dom
// Closing the night: the publisher's report is written beside the event file, and the
// stick's copy is said as it stands.
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { folderOf, mirrorLine, reportPath } from './wrapUp';

describe('the night’s close', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('writes the report for the publisher beside the event file, on either kind of path', () => {
    expect(folderOf('/home/shop/Tablekeeper/friday.tkevent')).toBe('/home/shop/Tablekeeper');
    expect(reportPath('/home/shop/Tablekeeper/friday.tkevent')).toBe('/home/shop/Tablekeeper/friday-report.txt');
    expect(reportPath('C:\\Users\\shop\\Documents\\Tablekeeper\\Friday Night.tkevent')).toBe('C:\\Users\\shop\\Documents\\Tablekeeper\\Friday Night-report.txt');
  });

  it('says where the stick’s copy stands: none, whole, being written, or not written', () => {
    const base = { folder: '/media/stick', file: null, step: 12, newest: 12, problem: null };
    expect(mirrorLine({ ...base, folder: null })).toEqual({ text: 'The event is not mirrored to a USB stick.', ok: null });
    expect(mirrorLine(base)).toEqual({ text: 'The copy in /media/stick has every change.', ok: true });
    expect(mirrorLine({ ...base, step: 11 }).ok).toBe(false);
    const failed = mirrorLine({ ...base, step: 11, problem: { key: 'mirror.failed', params: {}, text: 'no stick' } as never });
    expect(failed).toEqual({ text: 'The copy in /media/stick could not be written — see Settings.', ok: false });
  });
});
