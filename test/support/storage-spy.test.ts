// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { spyOnStorage } from './storage-spy';

// Two tests in order: the second sees what the first left of its spy.
describe('spyOnStorage', () => {
  it('spies on the storage for the test', () => {
    spyOnStorage(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => localStorage.setItem('k', 'v')).toThrow('full');
  });

  it('the next test has the storage back, and no item the restore made up', () => {
    localStorage.setItem('k', 'v');
    expect([localStorage.getItem('k'), vi.isMockFunction(localStorage.setItem)]).toEqual(['v', false]);
    expect(Object.keys(localStorage)).toEqual(['k']);
  });
});
