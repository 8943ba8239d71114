(done, before) => {
  const ok = done(before);
  if (ok && window.__benchT1 === null) window.__benchT1 = performance.now();
  return ok;
}
