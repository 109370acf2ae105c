import { el } from '../dom';
import { panel } from './panel';
export function stashPanel(): HTMLElement {
  return panel('stash', 'Stash', el('p', {}, 'pending'));
}
