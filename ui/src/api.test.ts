// api.ts sends each command with one `request` argument and turns every rejection into
// an ApiError {kind, message}.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('@tauri-apps/api/core', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));

const api = await import('./api');

describe('api', () => {
  beforeEach(() => {
    invoke.mockReset();
  });

  it('passes the request under the name `request`', async () => {
    invoke.mockResolvedValue({ table: 12 });
    await api.recordResult({ round: null, table: 12, result: 'a', replace: false, override_reason: null });
    expect(invoke).toHaveBeenCalledWith('record_result', {
      request: { round: null, table: 12, result: 'a', replace: false, override_reason: null },
    });
  });

  it('sends no arguments to commands without a request', async () => {
    invoke.mockResolvedValue([]);
    await api.players();
    expect(invoke).toHaveBeenCalledWith('players', {});
  });

  it('keeps the kind and message of an ErrorView', async () => {
    invoke.mockRejectedValue({ kind: 'result-exists', message: 'table 1 of round 1 already has a result' });
    const error: unknown = await api.undo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiError);
    expect(api.normalizeError(error).kind).toBe('result-exists');
    expect(api.normalizeError(error).message).toBe('table 1 of round 1 already has a result');
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
});
