// A minimal Language Server Protocol client over stdio, as an editor is:
// it starts yaml-language-server, initialises it with the settings VS
// Code's YAML extension sends, opens documents and collects what the
// server publishes (diagnostics) or answers (hover). Nothing here waits on
// a clock: each document's diagnostics are the server's answer to its own
// didOpen, and the server is told to exit when the caller is done.
'use strict';

const { spawn } = require('child_process');
const path = require('path');

class LspClient {
  constructor(settings) {
    const server = path.join(__dirname, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
    this.proc = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.settings = settings;
    this.nextId = 1;
    this.pending = new Map();  // request id → resolve
    this.waiters = new Map();  // uri → resolve of its next publishDiagnostics
    this.published = new Map();  // uri → the diagnostics last published
    this.buffer = Buffer.alloc(0);
    this.proc.stdout.on('data', (chunk) => this.receive(chunk));
  }

  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.proc.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.proc.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ id, method, params });
    });
  }

  notify(method, params) {
    this.send({ method, params });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, end).toString())[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.dispatch(message);
    }
  }

  dispatch(message) {
    if (message.method && message.id !== undefined) {
      // A request from the server: its settings, or anything else answered empty.
      const result = message.method === 'workspace/configuration'
        ? message.params.items.map((item) => this.settings[item.section] ?? null)
        : null;
      this.send({ id: message.id, result });
    } else if (message.method === 'textDocument/publishDiagnostics') {
      this.published.set(message.params.uri, message.params.diagnostics);
      const resolve = this.waiters.get(message.params.uri);
      if (resolve) {
        this.waiters.delete(message.params.uri);
        resolve(message.params.diagnostics);
      }
    } else if (message.id !== undefined && this.pending.has(message.id)) {
      this.pending.get(message.id)(message.result);
      this.pending.delete(message.id);
    }
  }

  async start(rootUri) {
    await this.request('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'cvpdf' }],
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
        textDocument: {
          publishDiagnostics: { relatedInformation: true },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: true } },
        },
      },
    });
    this.notify('initialized', {});
    this.notify('workspace/didChangeConfiguration', { settings: this.settings });
  }

  // The diagnostics the server publishes for a document it is given.
  open(uri, text) {
    const published = new Promise((resolve) => this.waiters.set(uri, resolve));
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
    return published;
  }

  close(uri) {
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  codeActions(uri, diagnostics) {
    return this.request('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics },
    });
  }

  hover(uri, line, character) {
    return this.request('textDocument/hover', { textDocument: { uri }, position: { line, character } });
  }

  completion(uri, line, character) {
    return this.request('textDocument/completion', { textDocument: { uri }, position: { line, character } });
  }

  async stop() {
    await this.request('shutdown', null);
    this.notify('exit', null);
    await new Promise((resolve) => this.proc.on('exit', resolve));
  }
}

module.exports = { LspClient };
