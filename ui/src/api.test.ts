// api.ts sends every command through the shell's one `call` command (name + request; a few
// quick ones through `call_here` first) and turns every rejection into an ApiError
// {kind, key, params, message}.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('@tauri-apps/api/core', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));

const api = await import('./api');

describe('api', () => {
  beforeEach(() => {
    invoke.mockReset();
  });

  it('sends the command name and its request to `call`', async () => {
    invoke.mockResolvedValue({ data: { id: 1 }, notices: [] });
    await api.call('edit_player', { player: '1', name: 'Ann', reading: null, publisher_id: null, nickname: null });
    expect(invoke).toHaveBeenCalledWith('call', {
      name: 'edit_player',
      request: { player: '1', name: 'Ann', reading: null, publisher_id: null, nickname: null },
      event: null,
    });
  });

  it('runs result entry on the window thread (`call_here`), and the usual way when the shell refuses', async () => {
    const request = { round: null, table: 12, result: 'a', replace: false, override_reason: null };
    invoke.mockResolvedValue({ data: { table: 12 }, notices: [] });
    await api.call('record_result', request);
    expect(invoke).toHaveBeenCalledWith('call_here', { name: 'record_result', request, event: null });
    expect(invoke).not.toHaveBeenCalledWith('call', expect.anything());

    invoke.mockReset();
    invoke.mockImplementation((command: string) =>
      command === 'call_here'
        ? Promise.reject({ kind: 'run-elsewhere', message: 'busy', key: 'error.not-allowed.run-here', params: { name: 'record_result' } })
        : Promise.resolve({ data: { table: 12 }, notices: [] }),
    );
    expect(await api.call('record_result', request)).toEqual({ table: 12 });
    expect(invoke).toHaveBeenCalledWith('call', { name: 'record_result', request, event: null });
  });

  it('shows the notices an answer carries, with no second trip to the shell', async () => {
    const notice = { key: 'notice.backup-failed', params: {}, text: 'the backup could not be written' };
    invoke.mockResolvedValue({ data: [], notices: [notice] });
    const heard: unknown[] = [];
    const stop = api.onNotices((notices) => heard.push(...notices));
    expect(await api.call('players', null)).toEqual([]);
    stop();
    expect(heard).toEqual([notice]);
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('does not retry a result the shell rejected for itself', async () => {
    invoke.mockRejectedValue({ kind: 'result-exists', message: 'exists', key: 'error.result-exists', params: {} });
    const error = await api.call('record_result', { round: null, table: 1, result: 'a', replace: false, override_reason: null }).catch((e: unknown) => e);
    expect(api.normalizeError(error).kind).toBe('result-exists');
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('names the event the screens show in every call, and none once it is closed', async () => {
    invoke.mockResolvedValue({ data: [], notices: [] });
    api.showing('/events/friday.tkev');
    await api.call('players', null);
    expect(invoke).toHaveBeenCalledWith('call', { name: 'players', request: null, event: '/events/friday.tkev' });
    api.showing(null);
    await api.call('open_events', null);
    expect(invoke).toHaveBeenLastCalledWith('call', { name: 'open_events', request: null, event: null });
  });

  it('sends null to commands without a request', async () => {
    invoke.mockResolvedValue({ data: [], notices: [] });
    await api.call('players', null);
    expect(invoke).toHaveBeenCalledWith('call', { name: 'players', request: null, event: null });
  });

  it('keeps the kind, key, params and message of an ErrorView', async () => {
    invoke.mockRejectedValue({ kind: 'result-exists', message: 'table 1 of round 1 already has a result', key: 'error.result-exists', params: { table: '1', round: '1' } });
    const error: unknown = await api.call('undo', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiError);
    const normalized = api.normalizeError(error);
    expect(normalized.kind).toBe('result-exists');
    expect(normalized.message).toBe('table 1 of round 1 already has a result');
    expect(normalized.key).toBe('error.result-exists');
    expect(normalized.params).toEqual({ table: '1', round: '1' });
    expect(normalized.words).toEqual({ key: 'error.result-exists', params: { table: '1', round: '1' }, text: 'table 1 of round 1 already has a result' });
  });

  it('turns other failures into kind "host"', () => {
    const plain = (error: unknown) => {
      const normalized = api.normalizeError(error);
      return { kind: normalized.kind, message: normalized.message };
    };
    expect(plain('command not found')).toEqual({ kind: 'host', message: 'command not found' });
    expect(plain(new TypeError('no IPC'))).toEqual({ kind: 'host', message: 'no IPC' });
    expect(plain(42)).toEqual({ kind: 'host', message: '42' });
    expect(plain({ kind: 7 }).kind).toBe('host');
  });

  it('returns an ApiError unchanged', () => {
    const error = new api.ApiError('ui', 'typed wrong');
    expect(api.normalizeError(error)).toBe(error);
  });

  it('counts slow commands while they run, and only those', async () => {
    const seen: number[] = [];
    const stop = api.onBusy((running) => seen.push(running));
    let finish: (value: unknown) => void = () => {};
    invoke.mockImplementation((_cmd: string, args: { name: string }) => (args.name === 'print' ? new Promise((resolve) => (finish = resolve)) : Promise.resolve([])));
    const printing = api.call('print', { document: 'slips', round: null, paper: 'a4', language: 'ja', open: false });
    await api.call('players', null);
    expect(seen).toEqual([0, 1]);
    finish({ path: '/x.pdf', bytes: 1, opened: false });
    await printing;
    expect(seen).toEqual([0, 1, 0]);
    stop();
  });
});
