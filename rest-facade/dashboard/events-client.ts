/**
 * The events page's browser script, served as `/dashboard/events.js` (an external file: the page's
 * CSP allows no inline script). Plain ES2017, no build step. It speaks the graphql-ws protocol
 * ("graphql-transport-ws", github.com/enisdenjo/graphql-ws PROTOCOL.md) by hand: connection_init
 * with `{authorization: "Bearer …"}`, connection_ack, subscribe, next, error, complete, ping/pong.
 *
 * The access token comes from `POST /dashboard/token` (same origin, session cookie) before every
 * connection, so a reconnect after the token expired gets a refreshed one; after the server closes
 * the socket as unauthorized (4401/4403) the next request asks for a renewal, which fails (401, the
 * page shows "signed out") when the grant was revoked. On a dropped connection it reconnects with
 * backoff and resubscribes with `after` = the last event id, so events of the gap are replayed;
 * events are deduplicated by id. Changing the type filter resubscribes (complete + subscribe).
 * Everything shown goes through textContent, never HTML.
 */
export const EVENTS_CLIENT_SCRIPT = `(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('dashboard-config').textContent);
  var m = config.messages;
  var statusEl = document.getElementById('status');
  var list = document.getElementById('events');
  var empty = document.getElementById('empty');
  var errorEl = document.getElementById('stream-error');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('#filter input[name=type]'));
  var MAX_SHOWN = 500;
  var socket = null;
  var subscriptionId = null;
  var counter = 0;
  var lastId = null;
  var attempt = 0;
  var renew = false;
  var seen = Object.create(null);
  var timeFormat = new Intl.DateTimeFormat(config.locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Tokyo' });

  function setStatus(state) {
    statusEl.setAttribute('data-state', state);
    statusEl.textContent = m[state];
  }
  function showError(text) {
    errorEl.textContent = text;
    errorEl.hidden = !text;
  }
  function checkedTypes() {
    return boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
  }
  function selectedTypes() {
    var checked = checkedTypes();
    return checked.length === boxes.length ? null : checked;
  }
  function applyFilter() {
    var checked = checkedTypes();
    Array.prototype.forEach.call(list.children, function (li) {
      li.hidden = checked.indexOf(li.getAttribute('data-type')) < 0;
    });
  }
  function wsUrl() {
    var url = new URL(config.wsUrl || '/graphql', location.href);
    url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
    return url.toString();
  }
  function send(ws, message) {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  function render(event) {
    if (!event || typeof event.id !== 'string' || seen[event.id]) return;
    seen[event.id] = true;
    lastId = event.id;
    var li = document.createElement('li');
    li.className = 'event';
    li.setAttribute('data-id', event.id);
    li.setAttribute('data-type', String(event.type));
    var meta = document.createElement('div');
    meta.className = 'meta';
    var type = document.createElement('span');
    type.className = 'type';
    type.textContent = String(event.type);
    var time = document.createElement('time');
    time.setAttribute('datetime', String(event.occurredAt));
    var at = new Date(event.occurredAt);
    time.textContent = isNaN(at.getTime()) ? String(event.occurredAt) : timeFormat.format(at);
    var id = document.createElement('span');
    id.className = 'muted';
    id.textContent = event.id;
    meta.appendChild(type);
    meta.appendChild(time);
    meta.appendChild(id);
    var data = document.createElement('pre');
    data.textContent = JSON.stringify(event.data, null, 2);
    li.appendChild(meta);
    li.appendChild(data);
    li.hidden = checkedTypes().indexOf(String(event.type)) < 0;
    list.insertBefore(li, list.firstChild);
    while (list.children.length > MAX_SHOWN) list.removeChild(list.lastChild);
    empty.hidden = true;
  }

  function subscribe(ws) {
    subscriptionId = String(++counter);
    var variables = { types: selectedTypes() };
    if (lastId) variables.after = lastId;
    send(ws, { id: subscriptionId, type: 'subscribe', payload: { query: config.query, variables: variables } });
  }

  function accessToken() {
    var path = config.tokenPath + (renew ? '?renew=1' : '');
    return fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'x-requested-with': 'fetch' } })
      .then(function (response) {
        if (response.status === 401) throw { signedOut: true };
        if (!response.ok) throw new Error('token ' + response.status);
        return response.json();
      })
      .then(function (body) {
        renew = false;
        return body.accessToken;
      });
  }

  function retryLater() {
    var delay = Math.min(30000, 1000 * Math.pow(2, attempt)) * (0.8 + Math.random() * 0.4);
    attempt += 1;
    setStatus('reconnecting');
    setTimeout(connect, delay);
  }

  function connect() {
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    accessToken().then(function (token) {
      var ws = new WebSocket(wsUrl(), 'graphql-transport-ws');
      socket = ws;
      var acked = false;
      var ackTimer = setTimeout(function () { ws.close(4408, 'Connection acknowledgement timeout'); }, 10000);
      ws.onopen = function () {
        send(ws, { type: 'connection_init', payload: { authorization: 'Bearer ' + token } });
      };
      ws.onmessage = function (message) {
        var msg;
        try { msg = JSON.parse(message.data); } catch (e) { ws.close(4400, 'Invalid message'); return; }
        if (msg.type === 'connection_ack') {
          clearTimeout(ackTimer);
          acked = true;
          attempt = 0;
          setStatus('live');
          showError('');
          subscribe(ws);
        } else if (msg.type === 'ping') {
          send(ws, { type: 'pong', payload: msg.payload });
        } else if (msg.type === 'next' && msg.id === subscriptionId) {
          var payload = msg.payload || {};
          if (payload.errors && payload.errors.length) showError(m.error + ': ' + payload.errors[0].message);
          if (payload.data && payload.data.events) render(payload.data.events);
        } else if (msg.type === 'error' && msg.id === subscriptionId) {
          var first = (msg.payload && msg.payload[0]) || {};
          setStatus('error');
          showError(m.error + ': ' + (first.message || ''));
        } else if (msg.type === 'complete' && msg.id === subscriptionId) {
          subscriptionId = null;
        }
      };
      ws.onclose = function (event) {
        clearTimeout(ackTimer);
        if (socket !== ws) return;
        socket = null;
        subscriptionId = null;
        if (event.code === 4401 || event.code === 4403) renew = true;
        if (!acked && attempt === 0) attempt = 1;
        retryLater();
      };
    }).catch(function (error) {
      if (error && error.signedOut) {
        setStatus('signedOut');
        return;
      }
      retryLater();
    });
  }

  boxes.forEach(function (box) {
    box.addEventListener('change', function () {
      applyFilter();
      if (socket && socket.readyState === WebSocket.OPEN && subscriptionId) {
        send(socket, { id: subscriptionId, type: 'complete' });
        subscribe(socket);
      }
    });
  });
  connect();
})();
`;
