// Applies the kept skin and direction before the first paint, so a dark skin never flashes light.
// Mirrors client/src/lib/layout (keys and classes); the app takes over once its config is loaded.
// A kept session marks the page, so the prerendered sign-in card (sign-in.html) gives way to the
// loading overlay: the guard is about to leave the sign-in page (boot.css). Not a session whose
// stored end has passed (lib/session/refresh-expiry.ts): the app clears it and stays on sign-in.
(function () {
  try {
    var skin = localStorage.getItem('vowly-skin');
    var layout = JSON.parse(localStorage.getItem('vowly-layout') || 'null');
    var classes = { dark: 'dark-layout', bordered: 'bordered-layout', 'semi-dark': 'semi-dark-layout' };
    if (classes[skin]) document.body.classList.add(classes[skin]);
    if (skin) document.documentElement.setAttribute('data-skin', skin);
    if (layout && layout.isRTL === true) document.documentElement.dir = 'rtl';
    var ends = localStorage.getItem('vendorRefreshExpiresAt');
    var ended = ends !== null && /^\d+$/.test(ends) && Number(ends) <= Date.now();
    if (localStorage.getItem('vendorAccessToken') && !ended) document.documentElement.classList.add('boot-signed-in');
  } catch {
    // Storage blocked: the defaults apply when the app starts.
  }
})();
