// The storefront's own code, written against window.svc only (as a shop would).
(function () {
  var svc = window.svc;
  var list = document.getElementById('recommended');
  var recs = svc.recommendations({ meta: { trackingId: 'demo_shop' } }, { limit: 4 });
  var wishlist = svc.createStash('kv', 'demo_shop', { namespace: 'shop' });

  document.getElementById('accept').addEventListener('click', function () {
    svc.tracker.consent('granted');
  });
  document.getElementById('deny').addEventListener('click', function () {
    svc.tracker.consent('denied');
  });
  svc.tracker.emit('ecView', { type: 'category', language: 'en', country: 'GB', currency: 'GBP' });

  window.shop = {
    recommended: recs.get().then(function (items) {
      list.replaceChildren.apply(
        list,
        items.map(function (item) {
          var li = document.createElement('li');
          li.textContent = item.details?.name ? item.details.name : item.id;
          li.dataset.id = item.id;
          return li;
        }),
      );
      Array.prototype.forEach.call(list.children, function (li, i) {
        recs.observe(li, items[i], i + 1);
      });
      return items.map(function (item) {
        return item.id;
      });
    }),
    wish: function (ids) {
      return wishlist
        .set('wishlist', JSON.stringify(ids))
        .then(function () {
          return wishlist.get('wishlist');
        })
        .then(function (text) {
          document.getElementById('wishlist').textContent = text;
          return text;
        });
    },
    flush: function () {
      return svc.tracker.flush();
    },
  };
})();
