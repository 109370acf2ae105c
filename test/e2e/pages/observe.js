// The storefront code of observe.html and observe-declarative.html: one get(), the items
// rendered as links into #widget. On observe.html each item is given to observe(); on the
// declarative page the elements only carry data-svc-item attributes and svc.min.js does the rest.
// window.widget lets the tests re-render the same result and remove the widget.
(function () {
  var list = document.getElementById('widget');
  var declarative = list.hasAttribute('data-svc-recommendations');
  var recs = window.svc.recommendations({ meta: { trackingId: 'e2e_shop' } }, { limit: 6 });
  var items = [];

  function render() {
    list.replaceChildren.apply(
      list,
      items.map(function (item) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = '/test-pages/observe-next.html?' + encodeURIComponent(item.id);
        a.textContent = item.id;
        li.append(a);
        if (declarative) {
          li.dataset.svcItem = item.id;
          li.dataset.svcStrategy = item.strategy;
          li.dataset.svcWeight = String(item.weight);
        }
        return li;
      }),
    );
    if (!declarative) {
      Array.prototype.forEach.call(list.children, function (li, i) {
        recs.observe(li, items[i]);
      });
    }
  }

  window.widget = {
    ready: recs.get().then(function (result) {
      items = result;
      render();
      return items.map(function (item) {
        return item.id;
      });
    }),
    render: render,
    remove: function () {
      list.remove();
    },
  };
})();
