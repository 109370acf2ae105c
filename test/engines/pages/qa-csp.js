// The CSP page's Trusted Types policy (`default`, the one the CSP allows): it admits one script
// URL, svc-qa.js beside svc.min.js, and no HTML. The shop's own code is the Playwright suite's
// (test/e2e/pages/qa-shop.js): a page view and four recommendations as cards, each observed.
(function () {
  var overlay = new URL('/dist/svc-qa.js', location.href).href;
  if (window.trustedTypes)
    window.trustedTypes.createPolicy('default', {
      createScriptURL: function (url) {
        return new URL(url, location.href).href === overlay ? url : null;
      },
    });
})();
