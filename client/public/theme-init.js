// Runs before the first paint. External file: the CSP allows no inline script.
// The remembered theme, so a dark screen never flashes light.
try {
  if (localStorage.getItem("theme") === "dark") document.documentElement.classList.add("dark");
} catch (e) {}
// index.html carries the sign-in screen, signed out and in English (vite.config.ts,
// signedOutPrerender), so it paints before any script. Hidden before the first paint from
// anyone who will not see that screen: a signed-in member, another signed-out page (the router's
// /auth/register, /auth/forgot-password, /auth/reset-password, /visitors and a stopped gift's
// /giving/update-card), a visitor whose
// chosen language is not English or, with none chosen, whose browser's first language is not
// (the app may still choose English for them; it then renders the screen itself, main.tsx).
try {
  var chosen = localStorage.getItem("language");
  var first = (navigator.languages && navigator.languages[0]) || navigator.language || "";
  var english = chosen ? chosen === "en" : /^en(-|$)/i.test(first);
  if (localStorage.getItem("token") || !english || /^\/(auth\/(register|forgot-password|reset-password)|visitors|giving\/update-card)(\/|$)/.test(location.pathname)) {
    document.documentElement.setAttribute("data-prerender", "skip");
  }
} catch (e) {
  document.documentElement.setAttribute("data-prerender", "skip");
}
// Not signed in: the sign-in screen's code (listed by the build, vite.config.ts) downloads now,
// beside the app's, instead of after it.
try {
  if (!localStorage.getItem("token")) {
    var list = document.querySelector('meta[name="koinonia-signed-out-preload"]');
    (list ? list.getAttribute("content").split(" ") : []).forEach(function (href) {
      if (!href) return;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
  }
} catch (e) {}
