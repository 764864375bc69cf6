'use strict';
const $ = (id) => document.getElementById(id);
const text = (value) => document.createTextNode(String(value));
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, attrs || {});
  for (const child of children) node.append(typeof child === 'object' ? child : text(child));
  return node;
}
function headers() {
  const token = sessionStorage.getItem('adminToken');
  return token ? { authorization: 'Bearer ' + token } : {};
}
async function call(path, method = 'GET') {
  // A POST carries a JSON body: the admin API refuses state changes any cross-site form could send.
  const body =
    method === 'POST'
      ? { body: '{}', headers: { ...headers(), 'content-type': 'application/json' } }
      : { headers: headers() };
  const response = await fetch(path, { method, ...body });
  if (response.status === 401) {
    $('token-box').hidden = false;
    throw new Error('admin token needed');
  }
  return response.status === 204 ? undefined : response.json();
}
function describeAnswer(o) {
  const delay =
    o.delay === undefined
      ? ''
      : typeof o.delay === 'number'
        ? ' after ' + o.delay + ' ms'
        : ' after ' + o.delay.min + '–' + o.delay.max + ' ms';
  const times = o.remaining === undefined ? '' : ', ' + o.remaining + ' more';
  const every = o.every === undefined ? '' : ', every ' + o.every + ' requests';
  return (
    (o.status === undefined ? 'its own answer' : String(o.status)) +
    delay +
    every +
    times +
    (o.unchecked ? ' (unchecked)' : '')
  );
}
function renderOverrides({ overrides }) {
  if (overrides.length === 0) {
    $('overrides').replaceChildren(el('tr', {}, el('td', { className: 'muted', colSpan: 5 }, 'none')));
    return;
  }
  $('overrides').replaceChildren(
    ...overrides.map((o) => {
      const remove = el('button', { type: 'button', title: 'Remove ' + o.id }, 'Remove');
      remove.addEventListener('click', async () => {
        await call('overrides/' + encodeURIComponent(o.id), 'DELETE');
        await refresh();
      });
      const scope = o.account ? 'account ' + o.account : o.key ? 'key ' + o.key : 'everyone';
      return el(
        'tr',
        {},
        el('td', {}, o.operationId),
        el('td', {}, describeAnswer(o)),
        el('td', {}, scope),
        el('td', {}, o.matched),
        el('td', {}, remove),
      );
    }),
  );
}
function renderState({ accounts }) {
  const root = el('div');
  for (const account of accounts) {
    const box = el('div', { className: 'account' }, el('strong', {}, 'account ' + account.id));
    for (const project of account.projects) {
      const shown =
        project.chatbot_count > project.chatbots.length ? ' (the newest ' + project.chatbots.length + ' shown)' : '';
      box.append(
        el(
          'div',
          { className: 'project' },
          'project ' + project.id + ' · ' + project.chatbot_count + ' chatbot(s)' + shown,
        ),
      );
      if (project.chatbots.length === 0) continue;
      const rows = project.chatbots.map((c) =>
        el('tr', {}, el('td', {}, c.name), el('td', {}, el('code', {}, c.id)), el('td', {}, c.created_at)),
      );
      const head = el('tr', {}, el('th', {}, 'name'), el('th', {}, 'id'), el('th', {}, 'created_at'));
      box.append(el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows)));
    }
    root.append(box);
  }
  $('state').replaceChildren(root);
}
function renderRequests({ requests }) {
  $('requests').replaceChildren(
    ...requests
      .slice()
      .reverse()
      .map((r) =>
        el(
          'tr',
          {},
          el('td', {}, r.time.slice(11, 23)),
          el('td', {}, r.method + ' ' + r.path),
          el('td', { className: 'status-' + String(r.status)[0] }, r.status || 'dropped'),
          el('td', {}, r.duration_ms),
          el('td', {}, r.project ?? '–'),
        ),
      ),
  );
}
async function refresh() {
  try {
    const [health, state, overrides, requests] = await Promise.all([
      call('health'),
      call('state'),
      call('overrides'),
      call('requests'),
    ]);
    $('health').textContent = health.chatbots + ' chatbot(s) stored · up ' + Math.round(health.uptime_seconds) + ' s';
    renderState(state);
    renderOverrides(overrides);
    renderRequests(requests);
  } catch (error) {
    $('health').textContent = String(error.message || error);
  }
}
$('reset').addEventListener('click', async () => {
  await call('reset', 'POST');
  await refresh();
});
$('token').addEventListener('change', (event) => {
  sessionStorage.setItem('adminToken', event.target.value);
  refresh();
});
refresh();
setInterval(refresh, 1000);
