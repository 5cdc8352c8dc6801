// @ts-check
// The header's language links keep the reader's place: the same page in another language, with
// the address's query and fragment as they are when the link is followed (a watched deal's
// `?deal=`, a replay's `?step=`, an invite's `#invite=`: a friend who switches language must not
// lose the invite and land in a deal of their own). The server renders the links with the path
// alone, since the page changes its query and fragment as it runs.
(() => {
  "use strict";

  const nav = document.querySelector("nav.languages");
  if (!nav) return;

  /** @param {Event} event */
  function keepPlace(event) {
    const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href);
    url.search = window.location.search;
    url.hash = window.location.hash;
    link.href = url.href;
  }

  // before a click or a middle click follows the link, and before a keyboard user's Enter
  for (const type of ["pointerdown", "focusin", "click"]) nav.addEventListener(type, keepPlace);
})();
