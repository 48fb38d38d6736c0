// The living documentation site's behaviour: search across documents and scenarios, a filter by status,
// and a warning when no Chinese font is installed. A classic script (a module would not load from file://);
// everything it shows is set as text, never as markup.
(() => {
  const root = document.body.dataset.root || '';
  const index = window.SPEC_SEARCH || { documents: [], scenarios: [] };
  const search = document.getElementById('search');
  const filter = document.getElementById('status-filter');
  const results = document.getElementById('search-results');
  const MAX_RESULTS = 200;

  const params = new URLSearchParams(window.location.search);
  search.value = params.get('q') || '';
  filter.value = params.get('status') || '';

  /** Shows only the scenarios (data-status) and documents (data-statuses) in the chosen status. */
  function applyFilter() {
    const status = filter.value;
    for (const element of document.querySelectorAll('main [data-status]')) element.hidden = Boolean(status) && element.dataset.status !== status;
    for (const element of document.querySelectorAll('main [data-statuses]')) element.hidden = Boolean(status) && !element.dataset.statuses.split(',').includes(status);
  }

  function words() {
    return search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  }

  function matchesAll(text, wanted) {
    const haystack = text.toLowerCase();
    return wanted.every((word) => haystack.includes(word));
  }

  function link(href, text) {
    const anchor = document.createElement('a');
    anchor.href = root + href;
    anchor.textContent = text;
    return anchor;
  }

  function item(children) {
    const li = document.createElement('li');
    for (const child of children) li.append(child);
    return li;
  }

  function chip(status) {
    const span = document.createElement('span');
    span.className = `chip s-${status.replace(' ', '-')}`;
    span.textContent = status;
    return span;
  }

  function where(text) {
    const span = document.createElement('span');
    span.className = 'where';
    span.textContent = text;
    return span;
  }

  /** Lists the documents and scenarios whose words hold every word of the query (and, when a status is chosen, in that status). */
  function runSearch() {
    const wanted = words();
    results.textContent = '';
    if (!wanted.length) {
      results.hidden = true;
      return;
    }
    const status = filter.value;
    const documents = index.documents.filter((document) => matchesAll(`${document.name}\n${document.title}`, wanted));
    const scenarios = index.scenarios.filter(
      (scenario) => (!status || scenario.status === status) && matchesAll(`${scenario.document}\n${scenario.rule}\n${scenario.title}\n${scenario.text}`, wanted),
    );
    const heading = document.createElement('h2');
    heading.textContent = `${documents.length} documents, ${scenarios.length} scenarios${status ? ` (${status})` : ''} match “${search.value.trim()}”`;
    results.append(heading);
    if (documents.length) {
      const list = document.createElement('ul');
      for (const found of documents) list.append(item([link(found.href, found.name), ' ', where(found.title)]));
      results.append(list);
    }
    if (scenarios.length) {
      const list = document.createElement('ol');
      list.className = 'scenario-results';
      for (const found of scenarios.slice(0, MAX_RESULTS)) list.append(item([chip(found.status), ' ', link(found.href, found.title), ' ', where(`${found.document} · ${found.rule}`)]));
      results.append(list);
      if (scenarios.length > MAX_RESULTS) results.append(where(`… and ${scenarios.length - MAX_RESULTS} more: narrow the search`));
    }
    results.hidden = false;
  }

  /** Whether a Chinese font draws CJK text: without one, every character is the same empty box. */
  function hasChineseFont() {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) return true;
    const draw = (text) => {
      context.clearRect(0, 0, 48, 48);
      context.font = `40px ${getComputedStyle(document.documentElement).fontFamily}`;
      context.fillText(text, 0, 40);
      return context.getImageData(0, 0, 48, 48).data.join(',');
    };
    return draw('中') !== draw('文');
  }

  search.addEventListener('input', runSearch);
  filter.addEventListener('change', () => {
    applyFilter();
    runSearch();
  });
  document.getElementById('font-warning').hidden = hasChineseFont();
  applyFilter();
  runSearch();
})();
