/**
 * @module
 * The script of `/status`, inline in its page: draws the first feed the page carries, then polls
 * the feed every `pollMs` and redraws, with no library: each chart is a few SVG paths and dots
 * drawn here. Text goes in with `textContent`, never as markup. Each chart carries `data-max`
 * (its highest value drawn) and `data-top` (its axis' top), each figure a `data-*` name, so a
 * browser test reads what the page shows without parsing its words.
 */
export const STATUS_SCRIPT = String.raw`
(() => {
  const NS = 'http://www.w3.org/2000/svg';
  const $ = (id) => document.getElementById(id);
  const SVG_TAGS = new Set(['svg', 'path', 'circle', 'line', 'text']);
  // The token, when one is asked, is the cookie the page's first visit set (HttpOnly: never read
  // here): the browser sends it with each poll, and no address holds it.
  const feedUrl = 'status/feed';
  const el = (tag, attrs, text) => {
    const node = SVG_TAGS.has(tag) ? document.createElementNS(NS, tag) : document.createElement(tag);
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

  // Axis tops are round values: the smallest of these times a power of ten that clears the data.
  const ROUND = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
  const roundAbove = (v) => {
    if (!(v > 0)) return 1;
    const power = Math.pow(10, Math.floor(Math.log10(v)));
    for (const r of ROUND) if (r * power >= v) return r * power;
    return 10 * power;
  };
  const axisText = (v, unit) => unit === 'share' ? Math.round(v * 100) + '%'
    : String(Number(v.toPrecision(3))) + (unit ? ' ' + unit : '');

  /**
   * One chart: lines [{ label, values, cls }] over the history's times, placed by time. A line
   * is broken where a sample has no value or where samples are missing (more than two periods
   * apart: a whole period went unsampled, beyond a busy timer's lateness), so no stroke crosses
   * a stretch nothing measured; a value with no
   * neighbour is a dot. 'limit' lines are dashed and labelled with their value. The top of the
   * axis is a round value above everything drawn (shares: 100%), labelled where it is drawn.
   */
  function chart(name, times, lines, unit, sampleMs) {
    const W = 320, H = 110, P = 12;
    const svg = el('svg', { viewBox: '0 0 ' + W + ' ' + (H + 14), 'data-chart': name, role: 'img' });
    let max = 0;
    for (const line of lines) for (const v of line.values) if (v !== null && v > max) max = v;
    svg.setAttribute('data-max', String(max));
    const hasLimit = lines.some((line) => line.cls === 'limit' && line.values.some((v) => v !== null));
    // Headroom above a limit, so its dashed line and label stand clear of the top's.
    const top = unit === 'share' ? 1 : roundAbove(hasLimit ? max * 1.1 : max);
    svg.setAttribute('data-top', String(top));
    const n = times.length;
    const last = n > 0 ? times[n - 1] : 0;
    const span = n > 1 ? Math.max(last - times[0], sampleMs) : sampleMs;
    const xOf = (t) => W - ((last - t) / span) * W;
    const yOf = (v) => H - (v / top) * (H - P);
    svg.append(el('line', { x1: 0, y1: H, x2: W, y2: H, class: 'axis' }));
    for (const v of [top / 2, top]) {
      svg.append(el('line', { x1: 0, y1: yOf(v), x2: W, y2: yOf(v), class: 'grid' }));
      svg.append(el('text', { x: 2, y: yOf(v) - 2, class: 'tick', 'data-axis': String(v) }, axisText(v, unit)));
    }
    for (const line of lines) {
      const segments = [];
      let run = [];
      line.values.forEach((v, i) => {
        const apart = i > 0 && times[i] - times[i - 1] > sampleMs * 2;
        if (v === null || apart) {
          if (run.length) segments.push(run);
          run = [];
        }
        if (v !== null) run.push([xOf(times[i]), yOf(Math.min(v, top))]);
      });
      if (run.length) segments.push(run);
      const d = segments.filter((seg) => seg.length > 1)
        .map((seg) => seg.map(([x, y], j) => (j ? 'L' : 'M') + x.toFixed(1) + ',' + y.toFixed(1)).join(' ')).join(' ');
      if (d) svg.append(el('path', { d, class: 'l ' + line.cls, 'data-line': line.label }));
      for (const seg of segments) if (seg.length === 1)
        svg.append(el('circle', { cx: seg[0][0].toFixed(1), cy: seg[0][1].toFixed(1), r: 2, class: 'pt ' + line.cls, 'data-line': line.label }));
      const lastValue = [...line.values].reverse().find((v) => v !== null);
      if (line.cls === 'limit' && lastValue !== undefined)
        svg.append(el('text', { x: W - 2, y: yOf(Math.min(lastValue, top)) - 2, class: 'tick end', 'data-limit': String(lastValue) },
          line.label.replace(/ \/ s$/, '') + ' ' + axisText(lastValue, unit)));
    }
    const minutes = Math.round(span / 60000);
    svg.append(el('text', { x: 2, y: H + 12, class: 'tick' }, (minutes ? minutes + ' min' : Math.round(span / 1000) + ' s') + ' ago'));
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
      figure('state', feed.health.state, 'state'),
    );
    const state = document.querySelector('[data-figure="state"]');
    state.className = 'v s-' + feed.health.state;
    state.title = '/healthz answers ' + feed.health.httpStatus +
      (feed.health.failing.length ? '; failing: ' + feed.health.failing.join(', ') : '');
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
        ], '/s', feed.sampleMs),
        figure('waiting now', String(u.queued ?? 0), 'queued-' + u.name));
      return box;
    }));
    if (withBudget.length === 0) budgets.append(el('p', { class: 'none' }, 'No upstream budget in use.'));
    $('promised').replaceChildren(
      figure('promised work running', feed.completions ? String(feed.completions.running) : '–', 'completions-running'),
      figure('promised work dropped', feed.completions ? String(feed.completions.dropped) : '–', 'completions-dropped'),
      figure('promises broken', feed.completions ? String(feed.completions.broken) : '–', 'completions-broken'),
      figure('Retry-After now', feed.retryAfterSeconds === null ? '–' : feed.retryAfterSeconds + ' s', 'retry-after'),
    );

    $('cache').replaceChildren(
      chart('cache', t, [
        { label: 'hit', values: series('cache.hit'), cls: 'a' },
        { label: 'stale', values: series('cache.stale'), cls: 'b' },
        { label: 'miss', values: series('cache.miss'), cls: 'bad' },
      ], 'share', feed.sampleMs),
      figure('entries', feed.cache ? String(feed.cache.entries) : '–', 'cache-entries'),
      figure('bytes', feed.cache ? bytes(feed.cache.bytes) + ' of ' + bytes(feed.cache.limitBytes) + ' (' + pct(feed.cache.bytes / feed.cache.limitBytes) + ')' : '–', 'cache-bytes'),
    );

    const fams = el('table', { 'data-window': String(feed.recentSeconds) });
    const fh = el('tr');
    const over = feed.recentSeconds >= 120 ? Math.round(feed.recentSeconds / 60) + ' min' : feed.recentSeconds + ' s';
    for (const c of ['endpoints, last ' + over, 'requests / s', 'p50', 'p99']) fh.append(el('th', {}, c));
    fams.append(fh);
    const ms = (v) => v === null ? '–' : fmt(v) + ' ms';
    for (const f of feed.families) {
      const row = el('tr', { 'data-family': f.family });
      row.append(el('td', {}, '/' + f.family), el('td', {}, fmt(f.rate, 2)), el('td', {}, ms(f.p50)), el('td', {}, ms(f.p99)));
      fams.append(row);
    }
    // Operators' tools (probes, scrapes, this page's polls) apart: they are not clients' traffic.
    const polled = el('p', { class: 'note', 'data-monitoring': '' },
      feed.monitoring.length === 0 ? 'Monitoring requests (probes, /metrics, this page): none.'
        : 'Monitoring requests, not counted above: ' +
          feed.monitoring.map((m) => m.route + ' ' + fmt(m.rate, 2) + ' / s').join(', ') + '.');
    $('requests').replaceChildren(
      chart('requests', t, [
        { label: 'all / s', values: series('requests'), cls: 'a' },
        { label: '4xx', values: series('requests.4xx'), cls: 'b' },
        { label: '429', values: series('requests.429'), cls: 'c' },
        { label: '5xx', values: series('requests.5xx'), cls: 'bad' },
      ], '/s', feed.sampleMs),
      fams,
      polled,
    );

    const m = feed.memory;
    $('memory').replaceChildren(
      chart('memory', t, [
        { label: 'RSS', values: series('memory.rss').map((v) => v === null ? null : v / 1048576), cls: 'a' },
        { label: 'heap', values: series('memory.heap').map((v) => v === null ? null : v / 1048576), cls: 'b' },
        { label: 'heap limit', values: series('memory.heapLimit').map((v) => v === null ? null : v / 1048576), cls: 'limit' },
      ], 'MiB', feed.sampleMs),
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
      const state = document.querySelector('[data-figure="state"]');
      if (state) {
        state.textContent = 'unreachable';
        state.className = 'v s-unreachable';
        state.title = 'the feed did not answer';
      }
    }
    setTimeout(poll, pollMs);
  }
  // The page carries its first feed: drawn now, polled for after a period.
  const first = $('first-feed');
  if (first) {
    const feed = JSON.parse(first.textContent);
    pollMs = feed.pollMs;
    render(feed);
    setTimeout(poll, pollMs);
  } else poll();
})();
`;
