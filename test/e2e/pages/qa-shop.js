// The QA shop's own code, written against window.svc only: a page view, and a recommendations
// widget whose cards are observed (each card 400 px tall, below a 1200 px spacer).
(function () {
  var svc = window.svc;
  var platform = document.querySelector('meta[name="shop-platform"]').content;
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', function (e) {
    window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
  svc.setEndpoints({
    recs: platform,
    experiences: platform,
    stash: platform,
    events: platform,
    integrations: platform,
  });
  svc.tracker.emit('ecView', { type: 'category', language: 'en', country: 'GB', currency: 'GBP' });

  var list = document.getElementById('recommended');
  var recs = svc.recommendations({ meta: { trackingId: 'demo_shop' } }, { strategy: 'popular', limit: 4 });
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
