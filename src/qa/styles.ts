// The overlay's styles, adopted by its shadow root as a constructed stylesheet (a strict CSP's
// `style-src 'self'` allows it; no inline style anywhere). `:host` resets every inherited
// property with `!important`, which wins over the page's own rules for the host element.

/** The overlay's CSS: a side panel on a desktop, a bottom sheet under 600 px. */
const OVERLAY_CSS = `
:host { all: initial !important; }
/* The banner takes its own room at the top of the page (in the flow, kept in view), never covering it. */
:host(svc-qa-banner) { display: block !important; position: sticky !important; top: 0 !important; z-index: 2147483646 !important; }
.sheet, .banner {
  position: fixed; z-index: 2147483646; box-sizing: border-box;
  font: 14px/1.4 system-ui, sans-serif; color: #1a1a1a; background: #fff;
  box-shadow: 0 0 0 1px #8a8a8a, 0 4px 24px rgb(0 0 0 / 0.25);
}
.sheet { top: 0; right: 0; bottom: 0; width: min(480px, 100vw); display: flex; flex-direction: column; }
@media (max-width: 600px) {
  .sheet { top: auto; left: 0; width: 100vw; max-height: 70vh; border-radius: 12px 12px 0 0; }
}
*, *::before, *::after { box-sizing: border-box; }
header { display: flex; align-items: center; gap: 8px; padding: 8px 12px; border-bottom: 1px solid #8a8a8a; }
h2 { font-size: 16px; margin: 0; flex: 1; }
.body { overflow: auto; padding: 8px 12px; flex: 1; }
details { border-bottom: 1px solid #ddd; padding: 4px 0; }
summary { font-weight: 600; cursor: pointer; padding: 4px 0; }
button, input, textarea { font: inherit; color: inherit; }
button { background: #0b57d0; color: #fff; border: 0; border-radius: 4px; padding: 4px 10px; cursor: pointer; }
button.quiet { background: #e8e8e8; color: #1a1a1a; }
:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
input, textarea { border: 1px solid #6b6b6b; border-radius: 4px; padding: 4px; width: 100%; background: #fff; }
label { display: block; margin: 6px 0 2px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0; }
dt { color: #444; }
dd { margin: 0; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 12px; width: 100%; }
caption { text-align: left; color: #444; padding: 2px 0; }
th, td { text-align: left; vertical-align: top; padding: 2px 6px 2px 0; border-top: 1px solid #eee; }
th { white-space: nowrap; }
/* Long values (URLs, JSON) wrap; short ones keep their column readable (the table scrolls sideways). */
td { overflow-wrap: break-word; word-break: normal; max-width: 320px; }
.empty { color: #444; margin: 4px 0; }
.as-of { color: #444; margin: 4px 0; font-size: 12px; }
.as-of button { padding: 2px 8px; margin-left: 4px; }
.error { color: #a50e0e; background: #fce8e6; margin: 0; padding: 6px 12px; overflow-wrap: anywhere; }
.error[hidden] { display: none; }
.banner { position: static; padding: 6px 12px; background: #fff4ce; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.banner p { margin: 0; flex: 1; overflow-wrap: anywhere; }
/* While the side panel is open on a desktop, the banner's text and button stay left of it. */
@media (min-width: 601px) { :host([data-beside-panel]) .banner { padding-right: calc(min(480px, 100vw) + 12px); } }
`;

/** The stylesheet, built once per overlay bundle. */
export function overlaySheet(): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(OVERLAY_CSS);
  return sheet;
}
