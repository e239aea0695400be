// Applies the remembered theme before the first paint (no flash). External file: the CSP allows no inline script.
try {
  if (localStorage.getItem("theme") === "dark") document.documentElement.classList.add("dark");
} catch (e) {}
