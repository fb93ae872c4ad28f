// Tiny DOM helpers: build elements without innerHTML (text is always set as text), and
// pair every form control with a visible label.

type Child = Node | string | number | null | undefined | false;
type Listener = (event: Event) => void;
type AttrValue = string | number | boolean | null | undefined | Listener;
type Attrs = Record<string, AttrValue>;

/** Properties set directly on the element rather than as attributes. */
const PROPERTIES = new Set(['value', 'checked', 'disabled', 'hidden', 'selected']);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (PROPERTIES.has(name)) {
      (element as unknown as Record<string, unknown>)[name] = value;
    } else if (value === true) {
      element.setAttribute(name, '');
    } else if (value !== false) {
      element.setAttribute(name, String(value));
    }
  }
  if (element instanceof HTMLInputElement && typeof attrs.placeholder === 'string' && attrs.size === undefined) {
    fitPlaceholder(element, attrs.placeholder);
  }
  append(element, ...children);
  return element;
}

/** Columns a text takes in a box sized in characters: a wide (CJK) character counts two. */
export function columns(text: string): number {
  let count = 0;
  for (const c of text) count += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/.test(c) ? 2 : 1;
  return count;
}

/** A text box at least as wide as its placeholder (in every language: German and French
 * run long), within its container (the style sheet caps inputs at 100 %). */
function fitPlaceholder(input: HTMLInputElement, placeholder: string): void {
  const wanted = columns(placeholder) + 2;
  if (wanted > 20) input.size = wanted;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

let nextId = 0;

/** A unique element id for label/aria wiring. */
function uid(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** A label and its control stacked in one block; gives the control an id when it has none. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLDivElement {
  if (!control.id) control.id = uid('field');
  const hintElement = hint ? h('p', { class: 'hint', id: uid('hint') }, hint) : null;
  if (hintElement) control.setAttribute('aria-describedby', hintElement.id);
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, hintElement);
}

/** A checkbox with its label to the right. */
export function checkbox(label: string, input: HTMLInputElement): HTMLLabelElement {
  input.type = 'checkbox';
  return h('label', { class: 'check' }, input, label);
}

/** A `<select>` from value/label pairs. */
export function select(attrs: Attrs, options: readonly (readonly [string, string])[], selected?: string): HTMLSelectElement {
  const element = h('select', attrs);
  for (const [value, label] of options) {
    element.appendChild(h('option', { value, selected: value === selected }, label));
  }
  return element;
}

/** Runs `action` on Enter in `input` (without Shift, and not while an IME is composing). */
export function onEnter(input: HTMLElement, action: () => void): void {
  input.addEventListener('keydown', (event) => {
    if (event instanceof KeyboardEvent && event.key === 'Enter' && !event.shiftKey && !composing(event)) {
      event.preventDefault();
      action();
    }
  });
}

/** True while a Japanese input method is still converting (Enter then confirms the text). */
function composing(event: KeyboardEvent): boolean {
  return event.isComposing || event.keyCode === 229;
}

/** Resolves once the next frame has been painted (work started then does not delay it). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Rows put on the page in the first frame; the rest follow a chunk per frame. */
export const FIRST_ROWS = 30;
const ROWS_PER_FRAME = 250;
/** Bodies still being filled, so printing can finish them first. */
const filling = new Set<() => void>();
/** The newest fill of each body: filling a body again stops the fill before it. */
const fills = new WeakMap<HTMLElement, number>();
let printHooked = false;

/**
 * Fills `body` with one row per item: the first screenful at once (what the scorekeeper
 * sees), the rest a chunk per animation frame, so a 1024-row table shows in one frame
 * instead of after laying out all of it. An item whose `row` is null is left out (read when
 * its chunk is added, so a screen may change items meanwhile). Stops if the body leaves the
 * page or is filled again; printing the page (window.print) first adds every row still
 * missing.
 */
export function fillRows<T>(body: HTMLElement, items: readonly T[], row: (item: T) => HTMLElement | null): void {
  const generation = (fills.get(body) ?? 0) + 1;
  fills.set(body, generation);
  const current = () => fills.get(body) === generation;
  let next = 0;
  const add = (count: number) => {
    const end = Math.min(items.length, next + count);
    const rows: HTMLElement[] = [];
    for (; next < end; next++) {
      const element = row(items[next] as T);
      if (element) rows.push(element);
    }
    body.append(...rows);
  };
  const finish = () => {
    filling.delete(finish);
    if (current()) add(items.length - next);
  };
  add(FIRST_ROWS);
  if (next >= items.length) return;
  filling.add(finish);
  if (!printHooked) {
    printHooked = true;
    window.addEventListener('beforeprint', () => [...filling].forEach((f) => f()));
  }
  const step = () => {
    if (!filling.has(finish)) return;
    if (!body.isConnected || !current()) {
      // The screen changed, or the body was filled anew, before the table was complete.
      filling.delete(finish);
      return;
    }
    add(ROWS_PER_FRAME);
    if (next < items.length) requestAnimationFrame(step);
    else filling.delete(finish);
  };
  requestAnimationFrame(step);
}
