// Runs before the first paint. External file: the CSP allows no inline script.
// The remembered theme, so a dark screen never flashes light.
try {
  if (localStorage.getItem("theme") === "dark") document.documentElement.classList.add("dark");
} catch (e) {}
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
