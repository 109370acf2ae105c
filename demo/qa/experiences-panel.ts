import { el } from '../dom';
import { panel } from './panel';
export function experiencesPanel(): HTMLElement {
  return panel('experiences', 'Experiences', el('p', {}, 'pending'));
}
