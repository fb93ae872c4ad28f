// TEMPORARY hand-written copies of the types ts-rs will generate into src/bindings/.
// Import them only through ./types.ts; delete this file once the generated ones exist.

export type RulesetRef = { id: string; name_en: string; name_ja: string };

export type EventView = {
  file: string;
  name: string;
  title: string | null;
  ruleset: RulesetRef;
  planned_rounds: number;
  rounds_paired: number;
  current_round_complete: boolean;
  players_registered: number;
  players_active: number;
  recommended_rounds: number;
  recommended_cut: number;
  stage: 'registration' | 'swiss' | 'cut' | 'finished';
};

export type PlayerView = {
  id: number;
  name: string;
  reading: string | null;
  publisher_id: string | null;
  nickname: string | null;
  joined_round: number;
  status: string;
  dropped_after_round: number | null;
  fixed_table: number | null;
  disqualified: boolean;
};

export type SeatView = { player: number; name: string; points: string | null; outcome: string | null };

export type ResultView = { kind: string; summary: string };

export type TableView = {
  table: number;
  warnings?: string[];
  first?: string;
  a: SeatView;
  b: SeatView;
  result: ResultView | null;
};

export type NamedPlayer = { player: number; name: string; points: string };
export type ByeView = { player: NamedPlayer; reason: string };
export type FloatView = { higher: NamedPlayer; lower: NamedPlayer; reason: string };

export type ExplanationView = {
  round: number;
  regenerated_identically: boolean;
  bye: ByeView | null;
  floats: FloatView[];
  rematches: [number, number][];
  forced_second_byes: number[];
  notes: string[];
};

export type PairingsView = {
  round: number;
  pairing_seed: string;
  complete: boolean;
  tables: TableView[];
  byes: SeatView[];
  late_entry_losses: SeatView[];
  rematches: [number, number][];
  warnings?: string[];
  explanation?: ExplanationView;
};

export type ValueView = { id: string; exact: string | null; display: string };

export type StandingsRowView = {
  rank: number;
  player: number;
  name: string;
  points: string;
  wins: number;
  losses: number;
  draws: number;
  match_win: ValueView | null;
  tiebreakers: ValueView[];
  decided_by_random: boolean;
  dropped: boolean;
  disqualified: boolean;
};

export type StandingsView = {
  completed_rounds: number;
  chain: string[];
  random_seed: string;
  rows: StandingsRowView[];
};

export type HistoryItem = {
  step: number;
  recorded_at: string;
  description: string;
  reason: string | null;
  undone: boolean;
};

export type PenaltyView = {
  player: number;
  name: string;
  round: number;
  penalty: string;
  infraction: string;
  note: string | null;
};

export type PlayerDetails = {
  name: string;
  reading?: string;
  publisher_id?: string;
  nickname?: string;
};

export type Problem = { line: number; message: string };

export type ImportPreview = {
  encoding: 'utf8-bom' | 'utf8' | 'shift-jis';
  players: PlayerDetails[];
  problems: Problem[];
};

export type ErrorView = { kind: string; message: string };

export type RulesetSummary = {
  id: string;
  name_en: string;
  name_ja: string;
  source: string;
  points: string;
  chain: string[];
};

export type TitleSummary = {
  id: string;
  name_en: string;
  name_ja: string;
  ruleset: string;
  round_minutes: number;
  match_length: string;
};

export type AppInfo = {
  version: string;
  default_folder: string;
  recent: string[];
  open_event: EventView | null;
};

export type Catalogue = { rulesets: RulesetSummary[]; titles: TitleSummary[] };

export type CreateEventRequest = {
  path: string | null;
  name: string;
  title: string | null;
  ruleset: string | null;
  planned_rounds: number | null;
};
export type OpenEventRequest = { path: string };
export type AddPlayersRequest = { names: string[] };
export type ImportRequest = { bytes: number[] };
export type PlayerRequest = { player: string };
export type SetRoundsRequest = { rounds: number };
export type PairRequest = { allow_rematches: boolean };
export type RoundRequest = { round: number | null };
export type SwapRequest = { a: string; b: string; reason: string };
export type GiveByeRequest = { player: string; reason: string };
export type ResultRequest = {
  round: number | null;
  table: number;
  result: string;
  replace: boolean;
  override_reason: string | null;
};
export type PenaltyRequest = { player: string; penalty: string; infraction: string; note: string | null };
export type CutRequest = { size: number; third_place: boolean; excluded: string[] };
export type ExportRequest = {
  format: 'archive' | 'standings-csv' | 'results-csv' | 'report';
  path: string;
};
export type ExportView = { path: string };

export type BracketSeat = { seed: number; player: number; name: string };
export type BracketMatchView = {
  table: number | null;
  a: BracketSeat | null;
  b: BracketSeat | null;
  winner: number | null;
  result: string | null;
};
export type BracketRoundView = { number: number | null; label: string; matches: BracketMatchView[] };
export type BracketView = {
  size: number;
  third_place: boolean;
  seeds: BracketSeat[];
  rounds: BracketRoundView[];
  champion: BracketSeat | null;
  next: 'pair' | 'results' | 'finished';
};
