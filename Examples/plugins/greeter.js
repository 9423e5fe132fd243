#!/usr/bin/env node
// greeter: a handler plugin template in JavaScript for Node.js (protocol 1, docs/plugins.md), written from that
// document alone, with nothing but Node's own modules. Copy it and change it.
//
// Load it into the core: `toolkit serve --plugin Examples/plugins/greeter.js` (the file must be executable and
// writable only by you), then `toolkit call greeter.say name=Bori`. Watch what it publishes with
// `toolkit call events.subscribe topics='["greeter.*"]'` on a socat connection (see Examples/socat-recipes.sh).
//
// The rules of protocol 1, in the order they matter here:
//  * The core writes JSON-RPC 2.0 messages on our stdin, one per line; we write ours on stdout, one per line
//    (JSON.stringify never puts a newline inside one). stdout is for protocol messages only: anything for
//    people goes to stderr, which the core logs under our name.
//  * A message with an "id" is a request and gets exactly one answer with that id; unknown methods get -32601.
//    A message without "id" is a notification: no answer; ignore the ones you do not know.
//  * The handshake: getmanifest (what we offer), then init (the core's socket, its data directory, and every
//    option we declare: the config's value, else the default, else null).
//  * To call the core's methods, connect to its socket as any client does (allowed during init too); never
//    send requests on stdout.
//  * When stdin closes, the core is stopping us: exit.
'use strict';

const net = require('net');
const readline = require('readline');

const MANIFEST = {
  name: 'greeter', // [a-z0-9][a-z0-9._-]*, unique among the loaded plugins
  version: '1.0.0',
  protocol: 1,
  methods: [
    {
      name: 'greeter.say',
      description: 'Greets someone with the greeting option, signed with the signature option when set.',
      // Checked by the core before the call is forwarded: a call that does not fit gets -32602 naming the field.
      params: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Who to greet; world when absent.', minLength: 1, maxLength: 40 },
        },
        additionalProperties: false,
      },
      // Shown by rpc.discover; the core does not check results.
      result: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          signature: { type: ['string', 'null'] },
          diary: { type: ['string', 'null'], description: "The diary's name, read from the core during init." },
        },
      },
      timeout: 10,
    },
  ],
  // Each arrives as an "event" notification {seq, topic, time, data}; pet.created's data is the new pet.
  subscriptions: ['pet.created'],
  hooks: [],
  // Set in the config file (plugins.options.greeter.greeting); init gives the value, the default, or null.
  options: {
    greeting: { type: 'string', default: 'hello', description: 'The word to greet with.' },
    signature: { type: 'string', description: 'Added after each greeting; none when not set.' },
  },
};

const state = { options: {}, diary: null };

function log(text) {
  process.stderr.write(`greeter: ${text}\n`);
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

/** Calls one of the core's methods over its socket, as any client does; resolves with the result. */
function callCore(socketPath, method, params) {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) + '\n'));
    socket.on('data', (chunk) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      socket.end();
      const answer = JSON.parse(buffer.slice(0, end));
      if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
      else resolve(answer.result);
    });
    socket.on('error', reject);
  });
}

/** The result of a request; throws { code, message } for an error answer. */
async function handleRequest(method, params) {
  switch (method) {
    case 'getmanifest':
      return MANIFEST;
    case 'init': {
      // params: protocol, name, socket, dataDir, options (every declared option; null when unset with no default).
      state.options = params.options || {};
      try {
        const settings = await callCore(params.socket, 'settings.get', {});
        state.diary = settings.diaryName;
      } catch (error) {
        log(`could not read the settings: ${error.message}`); // greet anyway, without the diary's name
      }
      log(`ready for the diary ${JSON.stringify(state.diary)}`);
      return {}; // or {disable: "why"} to stay loaded but off
    }
    case 'greeter.say': {
      const text = `${state.options.greeting}, ${params.name || 'world'}`;
      return { text, signature: state.options.signature ?? null, diary: state.diary };
    }
    default:
      throw { code: -32601, message: `no method ${method}` };
  }
}

function handleNotification(method, params) {
  if (method !== 'event') return; // also: rpc.cancel {id}, shutdown, and ones we do not know
  const { seq, topic, data } = params;
  log(`event ${seq} ${topic}`);
  if (topic === 'pet.created') {
    // Our own event: every subscriber gets it, clients and plugins alike, with the next seq.
    send({
      jsonrpc: '2.0',
      method: 'events.publish',
      params: { topic: 'greeter.noticed', data: { petId: data.id, name: data.name, seq } },
    });
  }
}

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    log(`not JSON, ignored: ${line.slice(0, 200)}`);
    return;
  }
  const params = message.params || {};
  if (!('id' in message)) {
    handleNotification(message.method, params);
    return;
  }
  handleRequest(message.method, params).then(
    (result) => send({ jsonrpc: '2.0', id: message.id, result }),
    (error) => {
      if (!error.code) log(`${message.method} failed: ${error.stack || error}`);
      send({ jsonrpc: '2.0', id: message.id, error: { code: error.code || -32603, message: error.message } });
    },
  );
});
input.on('close', () => process.exit(0));
