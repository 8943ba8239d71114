(C) => {
  if (window.samuraiBoardFocusFix) return;
  const focusWithoutScroll = function (options) {
    HTMLElement.prototype.focus.call(this, Object.assign({}, options, {preventScroll: true}));
  };
  window.samuraiBoardFocusFix = focusWithoutScroll;
  document.addEventListener('mousedown', (event) => {
    const target = event.target;
    if (target instanceof HTMLCanvasElement && target.classList.contains(C.canvas)) {
      target.focus = focusWithoutScroll;
    }
  }, true);
}
