// The basket: product ids and quantities, kept in localStorage so it survives a reload.
const KEY = 'demo.basket';

export interface Line {
  productId: string;
  quantity: number;
}

export function lines(): Line[] {
  if (memory) return memory;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter(
          (l): l is Line => typeof l?.productId === 'string' && Number.isInteger(l?.quantity) && l.quantity > 0,
        )
      : [];
  } catch {
    return [];
  }
}

function save(list: Line[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage unavailable: the basket lasts as long as the page.
    memory = list;
  }
  for (const listener of listeners) listener();
}
let memory: Line[] | undefined;
const listeners = new Set<() => void>();

export const onChange = (listener: () => void): void => void listeners.add(listener);

export function add(productId: string, quantity = 1): void {
  const list = lines();
  const line = list.find((l) => l.productId === productId);
  if (line) line.quantity += quantity;
  else list.push({ productId, quantity });
  save(list);
}

export function remove(productId: string): void {
  save(lines().filter((l) => l.productId !== productId));
}

export function clear(): void {
  save([]);
}

export const count = (): number => lines().reduce((n, l) => n + l.quantity, 0);
