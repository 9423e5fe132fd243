// The diary through the web app: the session, JSON-RPC calls over /api/rpc, and whether the core answers.
// While it does not, the page says so and asks again every few seconds; once it answers, whoever listens to
// `onBack` reloads what it shows.

/** An error the core answered: its JSON-RPC code, message and data. */
export class RPCError extends Error {
  constructor(error) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
  }
}

/** Thrown while the core (or the web app itself) does not answer. */
export class NotRunning extends Error {}

/** Thrown when the page has no session (401). */
export class NoSession extends Error {}

const state = { down: false, retry: null, listeners: new Set(), downListeners: new Set() };

/** Calls `listener` each time the diary answers again after it did not. */
export function onBack(listener) {
  state.listeners.add(listener);
}

/** Calls `listener` each time the diary stops answering. */
export function onDown(listener) {
  state.downListeners.add(listener);
}

/** Whether the diary answered the last call. */
export function isDown() {
  return state.down;
}

function wentDown() {
  if (state.down) return;
  state.down = true;
  for (const listener of state.downListeners) listener();
  state.retry = setInterval(async () => {
    try {
      await call("system.ping");
    } catch {
      // Still down: try again at the next tick.
    }
  }, 2000);
}

function cameBack() {
  if (!state.down) return;
  state.down = false;
  clearInterval(state.retry);
  state.retry = null;
  for (const listener of state.listeners) listener();
}

/**
 * Trades the `#token=…` in the address for a session cookie and takes the token off the address bar. Nothing
 * to do without one (the cookie of an earlier visit may still be good).
 */
export async function openSession() {
  const match = /^#token=([0-9a-f]{64})$/.exec(location.hash);
  if (!match) return;
  history.replaceState(null, "", location.pathname + location.search + "#/feed");
  const response = await fetch("/api/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: match[1] }),
  });
  if (!response.ok) throw new NoSession("refused");
}

let nextID = 1;
/** The calls made in this turn of the event loop, sent together when it ends. */
let queued = null;

/**
 * Calls `method` with `params` and answers its result. Throws RPCError, NotRunning or NoSession.
 *
 * Calls made in the same turn of the event loop (a page's `Promise.all`, say) go to the core as one JSON-RPC
 * batch in one request: a feed page's photos cost one round trip, not one each.
 */
export function call(method, params) {
  return new Promise((resolve, reject) => {
    if (!queued) {
      queued = [];
      queueMicrotask(send);
    }
    queued.push({ request: { jsonrpc: "2.0", id: nextID++, method, params }, resolve, reject });
  });
}

/** Sends the queued calls, alone or as a batch, and settles each with its own answer. */
async function send() {
  const calls = queued;
  queued = null;
  const requests = calls.map((queuedCall) => queuedCall.request);
  let answers;
  try {
    answers = await post(requests.length === 1 ? requests[0] : requests);
  } catch (error) {
    for (const queuedCall of calls) queuedCall.reject(error);
    return;
  }
  if (!Array.isArray(answers) && answers.id == null && answers.error) {
    // The whole request was refused (it could not be read as JSON-RPC): every call gets that error.
    for (const queuedCall of calls) queuedCall.reject(new RPCError(answers.error));
    return;
  }
  const byID = new Map((Array.isArray(answers) ? answers : [answers]).map((answer) => [answer.id, answer]));
  for (const { request, resolve, reject } of calls) {
    const answer = byID.get(request.id);
    if (!answer) reject(new RPCError({ code: -32603, message: `No answer to ${request.method}.` }));
    else if (answer.error) reject(new RPCError(answer.error));
    else resolve(answer.result);
  }
}

/** POSTs one request or a batch to /api/rpc and answers the parsed answer. */
async function post(body) {
  let response;
  try {
    response = await fetch("/api/rpc", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    wentDown();
    throw new NotRunning("notRunning");
  }
  if (response.status === 503 || response.status === 502 || response.status === 504) {
    wentDown();
    throw new NotRunning("notRunning");
  }
  if (response.status === 401) throw new NoSession("noSession");
  const answer = await response.json();
  cameBack();
  return answer;
}
