(canvas) => {
  const c = document.querySelector(canvas);
  const i = c && c.closest('.samurai-board').querySelector('.samurai-board-space input');
  return c && i && i.value ? [c.width, c.height, i.value] : null;
}
