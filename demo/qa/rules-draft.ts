// The Recommendations panel's rules editor text, kept outside the panel: a scenario exports it
// (also before the panel was ever opened) and a restored scenario fills the editor with it.
import { mock } from '../platform';

export const rulesDraft = { text: mock.restoredScenario()?.scenario?.rules ?? '' };
