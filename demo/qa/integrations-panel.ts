import { el } from '../dom';
import { panel } from './panel';
export function integrationsPanel(): HTMLElement {
  return panel('integrations', 'Integrations', el('p', {}, 'pending'));
}
