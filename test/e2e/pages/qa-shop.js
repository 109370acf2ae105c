// The QA shop's own code, written against window.svc only: a page view, and a recommendations
// widget of the script tag's tracking id whose cards are observed. The Playwright suite's page
// (qa-shop.html: each card 400 px tall, below a 1200 px spacer) names its platform in a meta tag;
// the engines suite's (test/engines/pages/qa-csp.html) has its endpoints set by the suite's shop.
(function () {
  var svc = window.svc;
  var meta = document.querySelector('meta[name="shop-platform"]');
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', function (e) {
    window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
  if (meta)
    svc.setEndpoints({
      recs: meta.content,
      experiences: meta.content,
      stash: meta.content,
      events: meta.content,
      integrations: meta.content,
    });
  svc.tracker.emit('ecView', { type: 'category', language: 'en', country: 'GB', currency: 'GBP' });

  var list = document.getElementById('recommended');
  var trackingId = document.querySelector('script[data-tracking-id]').dataset.trackingId;
  var recs = svc.recommendations({ meta: { trackingId: trackingId } }, { strategy: 'popular', limit: 4 });
  window.shop = {
    ready: recs.get().then(function (items) {
      items.forEach(function (item, i) {
        var li = document.createElement('li');
        var link = document.createElement('a');
        link.href = '#buy-' + item.id;
        link.textContent = item.details?.name ? item.details.name : item.id;
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
