// Building DOM nodes for the demo. Data only ever becomes text (`textContent`) or an attribute
// value; there is no innerHTML anywhere in the demo, so product data can never become markup.

type Child = Node | string | number | false | null | undefined;
type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/** `el('a', { href: '/x', class: 'link', onclick: fn }, 'text', child)`: attributes as attributes, children as text or nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  node.append(...toNodes(children));
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The same for SVG (the chart). */
export function svg(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const node = document.createElementNS(SVG, tag);
  setAttrs(node, attrs);
  node.append(...toNodes(children));
  return node;
}

function setAttrs(node: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
}

function toNodes(children: Child[]): (Node | string)[] {
  return children
    .filter((c): c is Node | string | number => c !== false && c !== null && c !== undefined)
    .map((c) => (typeof c === 'number' ? String(c) : c));
}

/** Replaces the children of `node`. */
export function fill(node: Element, ...children: Child[]): void {
  node.replaceChildren(...toNodes(children));
}

/** A short description of an error: its code and message (SvcError), else its message. */
export function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string; name?: string };
  return e && typeof e === 'object' ? `${e.code ?? e.name ?? 'Error'}: ${e.message ?? ''}` : String(error);
}

/** A row of a definition list, as text: `<dt>term</dt><dd data-field="field">value</dd>` (the consent pages' state). */
export function definitionRow(term: string, value: string, field: string): Node[] {
  return [el('dt', {}, term), el('dd', { 'data-field': field }, value)];
}
