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
  append(element, ...children);
  return element;
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
