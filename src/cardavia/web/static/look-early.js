// @ts-check
// Applies the saved look (Contrast, Grain, Color temperature) to <html> before first paint:
// layout.html loads this file in <head> without `defer` (the site's CSP allows no inline
// script). static/look.js binds the sliders and reuses window.cardaviaLook.
//
// A classic script (not a module), so that it runs before the page is painted; these types are
// global to the site's other scripts (look.js):
/** @typedef {{contrast: number, grain: number, temperature: number}} LookValues */
/**
 * @typedef {object} CardaviaLook
 * @property {string} key                       the localStorage key
 * @property {LookValues} defaults
 * @property {LookValues} values                the look applied
 * @property {() => LookValues} read            the saved look, each value clamped to 0–100
 * @property {(v: LookValues) => void} apply    sets the CSS custom properties on <html>
 * @property {(v: LookValues) => void} save
 */
(function () {
  "use strict";
  var KEY = "cardavia.look", DEF = {contrast: 50, grain: 50, temperature: 50};
  function clamp(v, d) {
    var n = Number(v);
    return v === null || v === undefined || v === "" || !isFinite(n) ? d : Math.min(100, Math.max(0, Math.round(n)));
  }
  function read() {
    var out = {contrast: 50, grain: 50, temperature: 50}, saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(KEY) || "null"); } catch { saved = null; }
    if (saved && typeof saved === "object") {
      for (var k in DEF) { out[k] = clamp(saved[k], DEF[k]); }
    }
    return out;
  }
  function apply(v) {
    // CSS custom properties through the CSSOM: allowed by the CSP (a style attribute is not)
    var s = document.documentElement.style;
    // Contrast: 50% = 1 (unchanged), 0% = 0.8, 100% = 1.45. Softer than 0.8 made the white and
    // green cards grey on grey (usability review m5): every setting keeps the cards readable.
    var c = v.contrast <= 50 ? 0.8 + v.contrast * 0.004 : 1 + (v.contrast - 50) * 0.009;
    s.setProperty("--look-contrast", c.toFixed(3));
    // Grain: a static noise overlay; 50% is a subtle default, 0% none.
    s.setProperty("--look-grain", (Math.pow(v.grain / 100, 1.6) * 0.55).toFixed(3));
    // Color temperature: 50% no tint, 0% cool blue, 100% warm amber.
    var d = (v.temperature - 50) / 50, a = (Math.abs(d) * 0.3).toFixed(3);
    s.setProperty("--look-tint", d >= 0 ? "rgba(255, 146, 43, " + a + ")" : "rgba(64, 140, 255, " + a + ")");
  }
  function save(v) {
    try { window.localStorage.setItem(KEY, JSON.stringify(v)); } catch { /* private mode */ }
  }
  var values = read();
  apply(values);
  /** @type {Window & {cardaviaLook?: CardaviaLook}} */ (window).cardaviaLook = {key: KEY, defaults: DEF, values: values, read: read, apply: apply, save: save};
})();
