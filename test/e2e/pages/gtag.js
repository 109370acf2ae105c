// Google's gtag snippet, as a shop's page has it (external here: the test pages' CSP allows no inline script).
window.dataLayer = window.dataLayer || [];
function gtag() {
  // biome-ignore lint/complexity/noArguments: gtag pushes its arguments object, exactly as Google's snippet does.
  dataLayer.push(arguments);
}
window.gtag = gtag;
