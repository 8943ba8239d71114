(findCanvas, [sel, idx, x, y]) => {
  const c = findCanvas(sel, idx);
  if (!c || c.width === 0) return false;
  return c.getContext('2d').getImageData(x, y, 1, 1).data[3] > 0;
}
