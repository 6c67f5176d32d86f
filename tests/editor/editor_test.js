// cvpdf's JSON Schemas as an editor reads them: the real
// yaml-language-server (pinned in package-lock.json, `npm ci`), driven over
// LSP as VS Code's YAML extension drives it.
//   - every example, the repository's résumé and every theme gives no
//     diagnostic (the themes mapped to the theme schema by a `yaml.schemas`
//     glob, as the user guide tells);
//   - the starters `cvpdf new` writes, in each language it offers, give
//     none either, through their own modeline (so the schema it names must
//     load), and a typo put in one gives its diagnostic;
//   - each typical mistake (mistakes/*.yaml) gives exactly the diagnostics
//     its `# expect: …` comments name, each on the comment's line;
//   - hovering a key shows its meaning, and hovering any key or value of a
//     starter and of a theme never shows alternatives joined as "a || b".
//   - so does the starter of a cvpdf installed by `cmake --install` into a
//     prefix with a blank in its name (its modeline a file: URI), and of a
//     cvpdf copied on its own (which writes the schema beside the résumé).
// usage: node editor_test.js CVPDF SOURCE_DIR [BUILD_DIR CMAKE]
'use strict';

const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');
const { LspClient } = require('./lsp_client.js');

const [cvpdf, source, build, cmake] = process.argv.slice(2);
if (!fs.existsSync(path.join(__dirname, 'node_modules', 'yaml-language-server'))) {
  console.log('yaml-language-server is not installed: run `npm ci` in tests/editor (scripts/setup.sh does)');
  process.exit(1);
}
const schemaDir = path.join(path.dirname(fs.realpathSync(cvpdf)), 'schema');
const resumeSchema = path.join(schemaDir, 'resume.schema.json');
const themeSchema = path.join(schemaDir, 'theme.schema.json');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cvpdf-editor-'));
const failures = [];

const uri = (file) => pathToFileURL(file).href;
const shown = (d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`;

// A copy of `file` under work/<dir>/, where a glob maps it to its schema.
function placed(dir, file, text = fs.readFileSync(file, 'utf8')) {
  fs.mkdirSync(path.join(work, dir), { recursive: true });
  const to = path.join(work, dir, path.basename(file));
  fs.writeFileSync(to, text);
  return to;
}

// `# expect: words` on a line: one diagnostic on that line whose message has the words.
function expectations(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    const m = /# expect: (.*)$/.exec(line);
    if (m) out.push({ line: i, words: m[1].trim() });
  });
  return out;
}

async function clean(client, file, what) {
  const diagnostics = await client.open(uri(file), fs.readFileSync(file, 'utf8'));
  for (const d of diagnostics) failures.push(`${what}: should give no diagnostic, gives ${shown(d)}`);
  return diagnostics.length;
}

async function mistakes(client, file) {
  const text = fs.readFileSync(file, 'utf8');
  const diagnostics = await client.open(uri(file), text);
  const expected = expectations(text);
  const name = path.basename(file);
  const left = [...diagnostics];
  for (const e of expected) {
    const at = left.findIndex((d) => d.range.start.line === e.line && d.message.includes(e.words));
    if (at < 0) failures.push(`${name}:${e.line + 1}: expected a diagnostic with "${e.words}"`);
    else left.splice(at, 1);
  }
  for (const d of left) failures.push(`${name}: unexpected diagnostic ${shown(d)}`);
  return expected.length;
}

async function hover(client, file, key, words) {
  const text = fs.readFileSync(file, 'utf8');
  const line = text.split('\n').findIndex((l) => l.trimStart().replace(/^- /, '').startsWith(key + ':'));
  const character = text.split('\n')[line].indexOf(key) + 1;
  const result = await client.hover(uri(file), line, character);
  const value = result ? result.contents.value : '';
  if (!value.includes(words) || value.includes('||'))
    failures.push(`hover on '${key}' should show "${words}" once, shows ${JSON.stringify(value)}`);
}

// Every key of `file`, and the value after it, hovered: something shown,
// never alternatives joined by "||".
async function hoverEvery(client, file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*(?:- )?)([A-Za-z_-]+):/.exec(lines[i]);
    if (!m) continue;
    ++keys;
    for (const character of [m[1].length + 1, lines[i].indexOf(':') + 3]) {
      if (character >= lines[i].length) continue;
      const result = await client.hover(uri(file), i, character);
      const value = result ? result.contents.value : '';
      if (value.includes('||') || (character === m[1].length + 1 && !value))
        failures.push(`${path.basename(file)}:${i + 1}:${character + 1}: hover shows ${JSON.stringify(value)}`);
    }
  }
  return keys;
}

(async () => {
  const settings = {
    yaml: {
      validate: true, hover: true, completion: true,
      schemaStore: { enable: false },
      schemas: { [uri(themeSchema)]: 'themes/*.yaml', [uri(resumeSchema)]: 'resumes/*.yaml' },
    },
  };
  const client = new LspClient(settings);
  await client.start(uri(work));
  let clean_files = 0, expected = 0;

  // The globs map files to their schemas: a mistake in each folder is found (first, so
  // that the files after it are read with the settings in force).
  const controls = [['themes', "text: {sise: 10pt}    # expect: unknown key in 'text': did you mean 'size'?\n"],
    ['resumes', "person: {name: A}\npersn: {}    # expect: unknown key at the top level: did you mean 'person'?\n"]];
  for (const [dir, text] of controls) expected += await mistakes(client, placed(dir, 'control.yaml', text));

  const resumes = [path.join(source, 'resume.yaml')];
  for (const f of fs.readdirSync(path.join(source, 'examples')).sort())
    if (f.endsWith('.yaml')) resumes.push(path.join(source, 'examples', f));
  for (const f of resumes) {
    await clean(client, placed('resumes', f), path.relative(source, f));
    ++clean_files;
  }
  for (const f of fs.readdirSync(path.join(source, 'layout')).sort()) {
    await clean(client, placed('themes', path.join(source, 'layout', f)), 'layout/' + f);
    ++clean_files;
  }

  // The starters, each with the modeline `cvpdf new` wrote.
  for (const langs of ['en', 'zh', 'en,zh', 'zh,en']) {
    const file = path.join(work, 'starters', `starter-${langs.replace(',', '-')}.yaml`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    execFileSync(cvpdf, ['new', file, '--lang', langs, '-q']);
    await clean(client, file, `cvpdf new --lang ${langs}`);
    ++clean_files;
  }
  // A cvpdf copied on its own has no schema beside it: it writes one beside
  // the résumé, which the starter names.
  const alone = path.join(work, 'alone');
  fs.mkdirSync(alone);
  fs.copyFileSync(cvpdf, path.join(alone, 'cvpdf'));
  fs.chmodSync(path.join(alone, 'cvpdf'), 0o755);
  execFileSync(path.join(alone, 'cvpdf'), ['new', path.join(alone, 'cv.yaml'), '-q']);
  if (!fs.readFileSync(path.join(alone, 'cv.yaml'), 'utf8').startsWith('# yaml-language-server: $schema=resume.schema.json\n'))
    failures.push('a cvpdf without a schema beside it should name the one it writes beside the résumé');
  await clean(client, path.join(alone, 'cv.yaml'), 'cvpdf new from a copied cvpdf');
  ++clean_files;

  if (build) {
    const prefix = path.join(work, 'a prefix');
    execFileSync(cmake, ['--install', build, '--prefix', prefix], { stdio: 'ignore' });
    const file = path.join(work, 'installed', 'cv.yaml');
    fs.mkdirSync(path.dirname(file));
    execFileSync(path.join(prefix, 'bin', 'cvpdf'), ['new', file, '-q']);
    const named = new URL(/\$schema=(\S+)/.exec(fs.readFileSync(file, 'utf8'))[1]);
    if (fs.realpathSync(named) !== fs.realpathSync(path.join(prefix, 'share', 'cvpdf', 'schema', 'resume.schema.json')))
      failures.push(`an installed cvpdf's starter names ${named}, not the schema installed with it`);
    await clean(client, file, 'cvpdf new from an installed cvpdf');
    ++clean_files;
  }

  const starter = path.join(work, 'starters', 'starter-en.yaml');
  const typo = path.join(work, 'starters', 'typo.yaml');
  fs.writeFileSync(typo, fs.readFileSync(starter, 'utf8').replace(/ {2}- org: Example Corp.*/,
    "  - orgnization: Example Corp    # expect: did you mean 'org'? ('organization' works too)"));
  expected += await mistakes(client, typo);
  // Its quick fix writes the key meant in place of the typo.
  const actions = await client.codeActions(uri(typo), client.published.get(uri(typo)));
  if (!actions.some((a) => a.title === 'organization'))
    failures.push(`the typo's quick fixes should offer 'organization': ${JSON.stringify(actions.map((a) => a.title))}`);

  // The typical mistakes, each file naming the schema as the starter does;
  // cvpdf agrees: it refuses or warns about each file, and takes loose-*.yaml.
  const mistakesDir = path.join(__dirname, 'mistakes');
  for (const f of fs.readdirSync(mistakesDir).sort()) {
    const check = spawnSync(cvpdf, ['check', path.join(mistakesDir, f)], { encoding: 'utf8' });
    const said = check.stderr + check.stdout + (check.status ? `exit status ${check.status}` : '');
    if (f.startsWith('loose-') !== (said === ''))
      failures.push(`cvpdf check ${f}: ${said === '' ? 'takes it without a word' : said.split('\n')[0]}`);
    const text = `# yaml-language-server: $schema=${resumeSchema}\n` + fs.readFileSync(path.join(mistakesDir, f), 'utf8');
    expected += await mistakes(client, placed('mistakes', path.join(mistakesDir, f), text));
  }

  await hover(client, starter, 'org', 'the organisation');
  await hover(client, starter, 'start', 'when it began');
  await hover(client, starter, 'name', 'your name');
  let hovered = await hoverEvery(client, path.join(work, 'starters', 'starter-en-zh.yaml'));
  hovered += await hoverEvery(client, path.join(work, 'themes', 'sidebar.yaml'));

  await client.stop();
  fs.rmSync(work, { recursive: true, force: true });
  if (failures.length) {
    console.log(failures.join('\n'));
    process.exit(1);
  }
  console.log(`${clean_files} files give no diagnostic; ${expected} expected diagnostics, each where expected; ` +
              `${hovered} keys hovered`);
})();
