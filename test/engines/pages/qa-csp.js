// The CSP page's own code, against window.svc only. Its Trusted Types policy (`default`, the one
// the CSP allows) admits one script URL, svc-qa.js beside svc.min.js, and no HTML. Then a page
// view and four recommendations as cards, each observed.
(function () {
  var svc = window.svc;
  var tag = document.querySelector('script[src="/dist/svc.min.js"]');
  var overlay = new URL('/dist/svc-qa.js', location.href).href;
  if (window.trustedTypes)
    window.trustedTypes.createPolicy('default', {
      createScriptURL: function (url) {
        return new URL(url, location.href).href === overlay ? url : null;
      },
    });
  svc.tracker.emit('ecView', { type: 'category', language: 'en', country: 'GB', currency: 'GBP' });
  var list = document.getElementById('recommended');
  var recs = svc.recommendations({ meta: { trackingId: tag.dataset.trackingId } }, { strategy: 'popular', limit: 4 });
  window.shop = {
    ready: recs.get().then(function (items) {
      items.forEach(function (item, i) {
        var li = document.createElement('li');
        var link = document.createElement('a');
        link.href = '#buy-' + item.id;
        link.textContent = item.id;
        li.append(link);
        list.append(li);
        recs.observe(li, item, i + 1);
      });
      return items.map(function (item) {
        return item.id;
      });
    }),
  };
})();
