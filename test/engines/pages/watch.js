// The first script of a page of the engines suite: what the page reports that a test must see, in
// window.watched, from before any other script runs. Each CSP violation (the
// securitypolicyviolation event), each uncaught error, unhandled rejection or resource that failed,
// and each console.warn and console.error. React reports a hydration mismatch as an error event,
// Vue as a console warning.
{
  const watched = { violations: [], errors: [], console: [] };
  window.watched = watched;
  document.addEventListener('securitypolicyviolation', (e) => {
    watched.violations.push(`${e.violatedDirective} ${e.blockedURI}${e.sample ? ` ${e.sample}` : ''}`);
  });
  addEventListener(
    'error',
    (e) => {
      const target = e.target && e.target !== window ? ` ${e.target.src || e.target.href || e.target.nodeName}` : '';
      watched.errors.push(`${e.message || e.error || 'failed'}${target}`);
    },
    true,
  );
  addEventListener('unhandledrejection', (e) => watched.errors.push(`unhandled rejection: ${e.reason}`));
  for (const level of ['warn', 'error']) {
    const original = console[level];
    console[level] = (...args) => {
      watched.console.push(`${level}: ${args.map(String).join(' ')}`);
      return original.apply(console, args);
    };
  }
}
