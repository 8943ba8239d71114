(findCanvas, [sel, idx]) => {
  const c = findCanvas(sel, idx);
  if (!c || c.width === 0) return null;
  const px = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
  let h = 2166136261;
  for (let i = 0; i < px.length; i++) h = Math.imul(h ^ px[i], 16777619);
  return h >>> 0;
}
