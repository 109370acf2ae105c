// Spies on a Web Storage method for one test. happy-dom's Storage is a Proxy whose `delete` removes
// an item of that name: vitest's restore of a spy on a method the object inherits is a `delete`, so
// it leaves the spy in place for every later test (a `setItem` that throws stays throwing).
import { onTestFinished, vi } from 'vitest';

/** `vi.spyOn(storage, method)`, with the storage's own method put back when the test ends. */
export function spyOnStorage<M extends 'setItem' | 'removeItem'>(storage: Storage, method: M) {
  const original = storage[method];
  const spy = vi.spyOn(storage, method);
  onTestFinished(() => {
    Object.defineProperty(storage, method, { value: original, configurable: true, writable: true });
  });
  return spy;
}
