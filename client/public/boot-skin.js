// Applies the kept skin and direction before the first paint, so a dark skin never flashes light.
// Mirrors client/src/lib/layout (keys and classes); the app takes over once its config is loaded.
(function () {
  try {
    var skin = localStorage.getItem('vowly-skin');
    var layout = JSON.parse(localStorage.getItem('vowly-layout') || 'null');
    var classes = { dark: 'dark-layout', bordered: 'bordered-layout', 'semi-dark': 'semi-dark-layout' };
    if (classes[skin]) document.body.classList.add(classes[skin]);
    if (skin) document.documentElement.setAttribute('data-skin', skin);
    if (layout && layout.isRTL === true) document.documentElement.dir = 'rtl';
  } catch {
    // Storage blocked: the defaults apply when the app starts.
  }
})();
