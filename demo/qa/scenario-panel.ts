// Scenarios (demo/scenario.ts): export the whole situation as a JSON file, import one, or copy a
// link that reproduces it, so QA can hand a developer a bug to replay. Importing or opening a link
// loads the page again at the scenario's URL with the platform restored from its snapshot.
import { el } from '../dom';
import { mock } from '../platform';
import type { Scenario } from '../scenario';
import { widgetSettings } from '../shop/widget';
import { button, field, panel } from './panel';
import { rulesDraft } from './rules-draft';

const { scenarios } = mock;

/** The scenario of this page now. */
const capture = (): Scenario => mock.captureScenario({ rules: rulesDraft.text, widgets: widgetSettings });

/** `svc-demo-scenario-2026-11-23T21-30-00Z.json` */
const fileName = (scenario: Scenario) =>
  `svc-demo-scenario-${new Date(scenario.clock.now)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.json`;

function describe(scenario: Scenario): string {
  const faults = Object.keys(scenario.faults);
  return `${scenario.url}, ${scenario.snapshot.operations.length} platform operation(s), faults: ${faults.length ? faults.join(', ') : 'none'}, platform time ${new Date(scenario.clock.now).toISOString()}`;
}

export function scenarioPanel(): HTMLElement {
  // What happened: restored, refused, exported, copied. Errors also go to assistive technology at once.
  const message = el('p', { class: 'muted', 'data-output': 'scenario-status', role: 'status' });
  const say = (text: string, state: 'ok' | 'error') => {
    message.textContent = text;
    message.className = state === 'error' ? 'warning' : 'muted';
    message.dataset.state = state;
  };
  const json = el('pre', {
    tabindex: 0,
    class: 'output',
    'data-output': 'scenario',
    'aria-label': 'The exported scenario (JSON)',
    hidden: true,
  });

  const restored = mock.restoredScenario();
  if (restored?.error)
    say(
      `The scenario from ${restored.source} could not be restored: ${restored.error}. The page started from the fixtures.`,
      'error',
    );
  else if (restored?.scenario) {
    const failed = restored.failed ? ` (${restored.failed} failed to replay: the state may differ)` : '';
    say(
      `Restored the scenario from ${restored.source}: ${describe(restored.scenario)}; ${restored.operations} operation(s) replayed${failed}.`,
      restored.failed ? 'error' : 'ok',
    );
  }

  const exportFile = button(
    'Export scenario (JSON file)',
    () => {
      const scenario = capture();
      const text = JSON.stringify(scenario, null, 2);
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const link = el('a', { href: url, download: fileName(scenario), hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      json.textContent = text;
      json.hidden = false;
      say(`Exported ${fileName(scenario)}: ${describe(scenario)}.`, 'ok');
    },
    { 'data-action': 'export' },
  );

  const file = el('input', { type: 'file', name: 'scenario-file', accept: '.json,application/json' });
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    let scenario: Scenario;
    try {
      scenario = scenarios.parseScenario(await chosen.text());
    } catch (error) {
      say(`${chosen.name} was not imported: ${(error as Error).message}.`, 'error');
      file.value = '';
      return;
    }
    say(`Restoring ${chosen.name}: loading ${scenario.url}…`, 'ok');
    scenarios.restoreScenario(scenario, chosen.name);
  });

  const linkField = el('input', {
    type: 'text',
    name: 'scenario-link',
    readonly: true,
    placeholder: '(press Copy link)',
  });
  const copyLink = button(
    'Copy link',
    async () => {
      const scenario = capture();
      const { link, tooLong } = await scenarios.scenarioLink(scenario, location.origin);
      if (tooLong) {
        linkField.value = '';
        return say(
          `This scenario is too big for a link (${link.length.toLocaleString('en')} characters, at most ${scenarios.MAX_LINK_LENGTH.toLocaleString('en')}): export it as a file instead.`,
          'error',
        );
      }
      linkField.value = link;
      try {
        await navigator.clipboard.writeText(link);
        say(
          `Link copied (${link.length.toLocaleString('en')} characters): ${describe(scenario)}. Opening it restores this situation.`,
          'ok',
        );
      } catch (error) {
        linkField.select();
        say(`The clipboard refused (${(error as Error).message}): copy the link from the field.`, 'error');
      }
    },
    { 'data-action': 'copy-link' },
  );

  return panel(
    'scenario',
    'Scenario: export, import, link',
    el(
      'p',
      { class: 'muted' },
      'The whole situation: the mock platform’s state (snapshot), its faults and time, the rules editor, the storefront’s widget settings, basket, locale and visitor, and this page’s URL. Importing a file or opening a link loads the page again with it.',
    ),
    el('div', { class: 'buttons' }, exportFile, copyLink),
    el('div', { class: 'form' }, field('Import a scenario file', file), field('Scenario link', linkField)),
    message,
    json,
  );
}
