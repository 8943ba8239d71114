(C) => {
  var el = document.getElementById('jupyter-config-data');
  var config = JSON.parse(el.textContent);
  var here = location.pathname, at = here.lastIndexOf('/voici/render/');
  var root = at >= 0 ? here.slice(0, at + 1) : here.replace(/[^/]*$/, '');
  function rebase(value) {
    return typeof value === 'string' && value.charAt(0) === '/' && value.charAt(1) !== '/'
      ? root + value.slice(1) : value;
  }
  for (var key in config) { if (/Url$/.test(key)) { config[key] = rebase(config[key]); } }
  config.baseUrl = root;
  var settings = (config.litePluginSettings || {})[C.plugin];
  if (settings) {
    var options = settings.loadPyodideOptions = settings.loadPyodideOptions || {};
    var env = options.env = options.env || {};
    env.HOME = C.home;
    env[C.saved_env] = C.saved;
    env.QUERY_STRING = location.search.replace(/^\?/, '');
    env.HTTP_ACCEPT_LANGUAGE = (navigator.languages || [navigator.language || '']).join(',');
    for (var k in settings) { settings[k] = rebase(settings[k]); }
  }
  el.textContent = JSON.stringify(config);
}
