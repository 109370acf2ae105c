// phone-frame.html: the frame's page and size from the query (a path of this origin only).
(function () {
  var query = new URLSearchParams(location.search);
  var frame = document.getElementById('frame');
  var src = query.get('src') || '/';
  frame.width = query.get('width') || '390';
  frame.height = query.get('height') || '844';
  frame.src = new URL(src, location.origin).origin === location.origin ? src : '/';
})();
