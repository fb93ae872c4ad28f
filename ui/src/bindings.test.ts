// The generated view types carry closed lists as their own types (Stage, ResultKind, Side,
// Outcome, …), so the compiler checks every comparison the UI makes. A field that names a
// closed list but is generated as `string` fails here: the Rust view lost its enum.
import { describe, expect, it } from 'vitest';

const bindings = import.meta.glob('./bindings/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** Field names that always hold a word from a closed list, wherever a view has them. */
const VOCABULARY_FIELDS = [
  'kind',
  'stage',
  'structure',
  'recommended_structure',
  'recommended_finals',
  'status',
  'outcome',
  'winner',
  'first',
  'chooses',
  'drop',
  'penalty',
  'draw',
  'default',
  'part',
  'seats',
  'result',
  'summary',
];

/** Requests whose field of that name is free text by design. */
const NOT_VOCABULARY = new Set([
  'ResultRequest.result', // what the scorekeeper typed, parsed by the shell
  'ReportRequest.result', // what a phone sent, parsed by the shell
  'RowView.kind', // a log row's kind exactly as stored, carried to a station's replica unread
]);

const STRING_TYPE = /^(string|string \| null|Array<string>)$/;

function fields(source: string): Array<[string, string]> {
  const body = source.replace(/\/\*\*[\s\S]*?\*\//g, '');
  return [...body.matchAll(/(\w+)\??: ([^,}]+)[,}]/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]);
}

describe('generated view types', () => {
  it('are found', () => {
    expect(Object.keys(bindings).length).toBeGreaterThan(50);
  });

  it('type every closed list as its own type, never as string', () => {
    const loose: string[] = [];
    for (const [path, source] of Object.entries(bindings)) {
      const view = path.replace(/^.*\/(\w+)\.ts$/, '$1');
      for (const [name, type] of fields(source)) {
        if (!VOCABULARY_FIELDS.includes(name) || NOT_VOCABULARY.has(`${view}.${name}`)) continue;
        if (STRING_TYPE.test(type)) loose.push(`${view}.${name}: ${type}`);
      }
    }
    expect(loose).toEqual([]);
  });

  it('name the vocabulary in the views hosts compare against', () => {
    const typeOf = (view: string, field: string) => fields(bindings[`./bindings/${view}.ts`] ?? '').find(([name]) => name === field)?.[1];
    expect(typeOf('EventView', 'stage')).toBe('Stage');
    expect(typeOf('EventView', 'structure')).toBe('Structure');
    expect(typeOf('PlayerView', 'status')).toBe('PlayerState');
    expect(typeOf('ResultView', 'kind')).toBe('ResultKind');
    expect(typeOf('ResultView', 'summary')).toBe('Message');
    expect(typeOf('SeatView', 'outcome')).toBe('Outcome | null');
    expect(typeOf('TableView', 'first')).toBe('Side | null');
  });
});
