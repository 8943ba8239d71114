(C) => {
  const key = C.key, cls = C.cls;
  const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  const linked = [];
  const keep = (value) => {
    if (!value) return;
    try {
      if (window.localStorage.getItem(key) !== value) window.localStorage.setItem(key, value);
    } catch (e) { /* storage refused: nothing kept */ }
  };
  const flush = () => linked.forEach((input) => keep(native.get.call(input)));
  const link = (input) => {
    if (input.dataset.samuraiStore) return;
    input.dataset.samuraiStore = '1';
    let saved = '';
    try { saved = window.localStorage.getItem(key) || ''; } catch (e) { saved = ''; }
    native.set.call(input, saved || '{}');
    input.dispatchEvent(new Event('input', {bubbles: true}));
    // the widget sets the input's value when the kernel changes it: keep it in the same moment
    Object.defineProperty(input, 'value', {
      configurable: true,
      get() { return native.get.call(this); },
      set(value) { native.set.call(this, value); keep(value); },
    });
    linked.push(input);
  };
  const scan = () => document.querySelectorAll('.' + cls + ' input').forEach(link);
  scan();
  new MutationObserver(scan).observe(document.body, {childList: true, subtree: true});
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); });
}
