/**
 * @module
 * The script of `/status`, inline in its page: polls the feed every `pollMs` and redraws, with
 * no library: each chart is a few SVG polylines drawn here. Text goes in with `textContent`,
 * never as markup. Each chart carries `data-max` (its highest value drawn) and each figure a
 * `data-*` name, so a browser test reads what the page shows without parsing its words.
 */
export const STATUS_SCRIPT = String.raw`
(() => {
  const NS = 'http://www.w3.org/2000/svg';
  const $ = (id) => document.getElementById(id);
  // The token, when one is asked, is the cookie the page's first visit set (HttpOnly: never read
  // here): the browser sends it with each poll, and no address holds it.
  const feedUrl = 'status/feed';
  const el = (tag, attrs, text) => {
    const node = tag === 'svg' || tag === 'polyline' || tag === 'line' || tag === 'text' || tag === 'rect'
      ? document.createElementNS(NS, tag) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const fmt = (n, digits) => n === null || n === undefined ? '–' : Number(n).toFixed(digits === undefined ? 1 : digits);
  const bytes = (n) => n === null || n === undefined ? '–' : n >= 1048576 ? (n / 1048576).toFixed(1) + ' MiB' : (n / 1024).toFixed(1) + ' KiB';
  const pct = (n) => n === null || n === undefined ? '–' : (n * 100).toFixed(0) + '%';
  const ago = (at, now) => {
    const s = Math.max(0, Math.round((now - at) / 1000));
    return s < 120 ? s + ' s ago' : s < 7200 ? Math.round(s / 60) + ' min ago' : Math.round(s / 3600) + ' h ago';
  };
  const duration = (s) => s < 120 ? s + ' s' : s < 7200 ? Math.round(s / 60) + ' min' : s < 172800 ? (s / 3600).toFixed(1) + ' h' : (s / 86400).toFixed(1) + ' days';

  /** One chart: lines [{ label, values, cls }], over the history's times; 'limit' lines drawn dashed. */
  function chart(name, times, lines, unit) {
    const W = 320, H = 110, P = 4;
    const svg = el('svg', { viewBox: '0 0 ' + W + ' ' + (H + 14), 'data-chart': name, role: 'img' });
    let max = 0;
    for (const line of lines) for (const v of line.values) if (v !== null && v > max) max = v;
    svg.setAttribute('data-max', String(max));
    const top = max > 0 ? max * 1.1 : 1;
    const n = times.length;
    svg.append(el('line', { x1: 0, y1: H, x2: W, y2: H, class: 'axis' }));
    for (const line of lines) {
      const pts = [];
      line.values.forEach((v, i) => {
        if (v === null) return;
        const x = n < 2 ? W : (i / (n - 1)) * W;
        pts.push(x.toFixed(1) + ',' + (H - P - (v / top) * (H - 2 * P)).toFixed(1));
      });
      svg.append(el('polyline', { points: pts.join(' '), class: 'l ' + line.cls }));
    }
    svg.append(el('text', { x: 2, y: 10, class: 'tick' }, fmt(top, top < 10 ? 2 : 0) + (unit ? ' ' + unit : '')));
    const span = n > 1 ? Math.round((times[n - 1] - times[0]) / 60000) : 0;
    svg.append(el('text', { x: 2, y: H + 12, class: 'tick' }, span + ' min ago'));
    svg.append(el('text', { x: W - 2, y: H + 12, class: 'tick end' }, 'now'));
    const legend = el('div', { class: 'legend' });
    for (const line of lines) {
      const key = el('span', { class: 'key ' + line.cls });
      legend.append(key, document.createTextNode(' ' + line.label + '  '));
    }
    const box = el('figure', { class: 'chart' });
    box.append(svg, legend);
    return box;
  }

  function figure(label, value, name) {
    const row = el('div', { class: 'fig' });
    row.append(el('span', { class: 'k' }, label), el('span', { class: 'v', 'data-figure': name }, value));
    return row;
  }

  function render(feed) {
    const h = feed.history, s = h.series, t = h.times;
    const series = (name) => s[name] || t.map(() => null);
    const i = feed.instance;
    $('instance').replaceChildren(
      figure('version', i.version, 'version'), figure('mode', i.mode, 'mode'), figure('storage', i.storage, 'storage'),
      figure('uptime', duration(i.uptimeSeconds), 'uptime'),
      figure('state', i.draining ? 'draining' : 'serving', 'draining'),
    );
    $('scope').textContent = 'Every figure is this ' + (i.scope === 'isolate' ? 'isolate' : 'instance') +
      "'s, counted since it started (" + new Date(i.startedAt).toISOString().replace('T', ' ').slice(0, 19) +
      ' UTC); charts hold the last ' + Math.round(feed.slots * feed.sampleMs / 60000) + ' min at ' + feed.sampleMs / 1000 +
      '-s resolution. A budget shared on Redis is counted there for every instance; its turns here are this instance\'s.';
    $('lacks').replaceChildren(...feed.lacks.map((text) => el('li', {}, text)));

    const ups = $('upstreams');
    if (feed.upstreams.length === 0) ups.replaceChildren(el('p', { class: 'none' }, 'No upstream called yet.'));
    else {
      const table = el('table');
      const head = el('tr');
      for (const c of ['upstream', 'circuit', 'calls / min', 'failure rate', 'last failure']) head.append(el('th', {}, c));
      table.append(head);
      for (const u of feed.upstreams) {
        const row = el('tr');
        row.append(el('td', {}, u.name), el('td', { 'data-circuit': u.name, class: 'c-' + u.circuit }, u.circuit),
          el('td', {}, fmt(u.callsPerMinute, 0)), el('td', {}, pct(u.failureRate)),
          el('td', {}, u.lastFailureAt ? u.lastFailure + ', ' + ago(u.lastFailureAt, feed.now) : 'none'));
        table.append(row);
      }
      ups.replaceChildren(table);
    }

    const budgets = $('budgets');
    const withBudget = feed.upstreams.filter((u) => u.allowancePerSecond !== null || u.queued !== null);
    budgets.replaceChildren(...withBudget.map((u) => {
      const box = el('div', { class: 'card' });
      box.append(el('h3', {}, u.name),
        chart('budget-' + u.name, t, [
          { label: 'calls / s', values: series('budget.' + u.name + '.taken'), cls: 'a' },
          { label: 'allowance / s', values: series('budget.' + u.name + '.allowance'), cls: 'limit' },
          { label: 'refused / s', values: series('budget.' + u.name + '.refused'), cls: 'bad' },
        ], '/s'),
        figure('waiting now', String(u.queued ?? 0), 'queued-' + u.name));
      return box;
    }));
    if (withBudget.length === 0) budgets.append(el('p', { class: 'none' }, 'No upstream budget in use.'));
    $('promised').replaceChildren(
      figure('promised work running', feed.completions ? String(feed.completions.running) : '–', 'completions-running'),
      figure('promised work dropped', feed.completions ? String(feed.completions.dropped) : '–', 'completions-dropped'),
      figure('Retry-After now', feed.retryAfterSeconds === null ? '–' : feed.retryAfterSeconds + ' s', 'retry-after'),
    );

    $('cache').replaceChildren(
      chart('cache', t, [
        { label: 'hit', values: series('cache.hit'), cls: 'a' },
        { label: 'stale', values: series('cache.stale'), cls: 'b' },
        { label: 'miss', values: series('cache.miss'), cls: 'bad' },
      ], 'share'),
      figure('entries', feed.cache ? String(feed.cache.entries) : '–', 'cache-entries'),
      figure('bytes', feed.cache ? bytes(feed.cache.bytes) + ' of ' + bytes(feed.cache.limitBytes) + ' (' + pct(feed.cache.bytes / feed.cache.limitBytes) + ')' : '–', 'cache-bytes'),
    );

    const fams = el('table');
    const fh = el('tr');
    for (const c of ['endpoints', 'requests / s', 'p50', 'p99']) fh.append(el('th', {}, c));
    fams.append(fh);
    for (const f of feed.families) {
      const row = el('tr');
      row.append(el('td', {}, '/' + f.family), el('td', {}, fmt(f.rate, 2)), el('td', {}, f.p50 === null ? '–' : fmt(f.p50) + ' ms'),
        el('td', {}, f.p99 === null ? '–' : fmt(f.p99) + ' ms'));
      fams.append(row);
    }
    $('requests').replaceChildren(
      chart('requests', t, [
        { label: 'all / s', values: series('requests'), cls: 'a' },
        { label: '4xx', values: series('requests.4xx'), cls: 'b' },
        { label: '429', values: series('requests.429'), cls: 'c' },
        { label: '5xx', values: series('requests.5xx'), cls: 'bad' },
      ], '/s'),
      fams,
    );

    const m = feed.memory;
    $('memory').replaceChildren(
      chart('memory', t, [
        { label: 'RSS', values: series('memory.rss').map((v) => v === null ? null : v / 1048576), cls: 'a' },
        { label: 'heap', values: series('memory.heap').map((v) => v === null ? null : v / 1048576), cls: 'b' },
        { label: 'heap limit', values: series('memory.heapLimit').map((v) => v === null ? null : v / 1048576), cls: 'limit' },
      ], 'MiB'),
      figure('RSS', m ? bytes(m.residentBytes) : '–', 'rss'),
      figure('heap', m ? bytes(m.heapUsedBytes) + (m.heapLimitBytes ? ' of ' + bytes(m.heapLimitBytes) + ' (' + pct(m.heapUsedBytes / m.heapLimitBytes) + ')' : '') : '–', 'heap'),
    );
    $('updated').textContent = 'updated ' + new Date(feed.now).toISOString().slice(11, 19) + ' UTC';
    $('updated').setAttribute('data-at', String(feed.now));
  }

  let pollMs = 5000;
  async function poll() {
    try {
      const answer = await fetch(feedUrl, { credentials: 'same-origin', cache: 'no-store' });
      if (!answer.ok) throw new Error('the feed answered ' + answer.status);
      const feed = await answer.json();
      pollMs = feed.pollMs;
      render(feed);
      $('offline').hidden = true;
    } catch (error) {
      $('offline').hidden = false;
      $('offline').textContent = 'Not updated: ' + error.message + '; trying again.';
    }
    setTimeout(poll, pollMs);
  }
  poll();
})();
`;
