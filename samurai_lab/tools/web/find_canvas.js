(selector, index) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  if (el.tagName === 'CANVAS') return el;
  return el.querySelectorAll('canvas')[index || 0] || null;
}
